// What a store is made from, as one digest: every file of the content folder (its path, size and
// modification time), the folder itself and the day ages are computed for. The build lists the
// content once: the digest and the search for changed files (see content-changes.ts) both come from that
// listing, which is taken before any content file is read, so a file edited during the build
// shows as a change the next time. The digest is saved beside the build's state, where the build
// command finds it for the build's marker.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileList, listFiles, type PackedFileList } from '../shared/file-list.ts';
import { compareStrings } from '../shared/text.ts';

export interface ContentInputs {
  fingerprint: string;
  as_of: string;
  content_files: number;
}

/** Every file under the content folder, with sizes and modification times. */
export function listContent(contentDir: string): FileList {
  return listFiles(path.resolve(contentDir), { stats: true });
}

/** A file's size and modification time, as a listing holds them. */
export interface FileStat {
  size: number;
  mtime: number;
}

/**
 * Paths are part of the digest, so a deleted or renamed file changes it as surely as an edited
 * one (modification times alone cannot show a deletion). `changed` replaces some files' entries
 * (by path in the listing) with what they are now, or takes them out (null): the digest a listing
 * taken now would give, without listing a folder of millions of files again.
 */
export function contentInputs(
  contentDir: string,
  asOf: string,
  listing: FileList,
  changed: ReadonlyMap<string, FileStat | null> = new Map(),
): ContentInputs {
  const hash = createHash('sha256');
  hash.update(`content-dir\t${path.resolve(contentDir)}\nas-of\t${asOf}\n`);
  let files = 0;
  // Content may be millions of files: hashed one at a time, never joined into one string.
  const file = (name: string, size: number, mtime: number) => (
    hash.update(`content\t${name}\t${size}\t${mtime}\n`), files++
  );
  // Files new since the listing, in its order (code units), each hashed where a listing would place it.
  const added = [...changed]
    .filter(([name, stat]) => stat !== null && !listing.has(name))
    .map(([name]) => name)
    .sort(compareStrings);
  let next = 0;
  const addedBefore = (name: string | null) => {
    for (; next < added.length && (name === null || added[next] < name); next++) {
      const stat = changed.get(added[next])!;
      file(added[next], stat.size, stat.mtime);
    }
  };
  for (let i = 0; i < listing.count; i++) {
    const name = listing.at(i);
    addedBefore(name);
    if (!changed.has(name)) file(name, listing.size(i), listing.mtime(i));
    else {
      const stat = changed.get(name);
      if (stat) file(name, stat.size, stat.mtime);
    }
  }
  addedBefore(null);
  return { fingerprint: hash.digest('hex'), as_of: asOf, content_files: files };
}

export interface ListedContent {
  listing: FileList;
  inputs: ContentInputs;
}

export interface ListedContentMessage {
  /** Sent only when asked for: at a million files it is tens of megabytes to copy. */
  listing?: PackedFileList;
  inputs: ContentInputs;
}

export interface ListingRequest {
  contentDir: string;
  asOf: string;
  withListing: boolean;
}

/** The content's digest, and its listing when asked, made on a thread of its own. */
function offThread(request: ListingRequest): Promise<ListedContentMessage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./inputs-worker.ts', import.meta.url), { workerData: request });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread listing the content stopped (${code})`)));
  });
}

/**
 * The listing and its digest, made on another thread: a build starts it while Astro builds the
 * pages, and at a million files it takes seconds.
 */
export async function listContentOffThread(contentDir: string, asOf: string): Promise<ListedContent> {
  const message = await offThread({ contentDir, asOf, withListing: true });
  return { listing: FileList.from(message.listing!), inputs: message.inputs };
}

/** The digest alone, made on another thread: the caller's thread stays free (the live preview answers requests on it). */
export async function contentInputsOffThread(contentDir: string, asOf: string): Promise<ContentInputs> {
  return (await offThread({ contentDir, asOf, withListing: false })).inputs;
}

const INPUTS = 'content-inputs.json';

export function saveContentInputs(stateDir: string, inputs: ContentInputs): void {
  writeFileSync(path.join(stateDir, INPUTS), JSON.stringify(inputs));
}

/** The content's digest saved with a build's state, or null when there is none. */
export function readContentInputs(stateDir: string): ContentInputs | null {
  try {
    return JSON.parse(readFileSync(path.join(stateDir, INPUTS), 'utf8')) as ContentInputs;
  } catch {
    return null;
  }
}
