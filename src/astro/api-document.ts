// Writes the API's OpenAPI document into the built site once the store is written: its examples
// are answers of the API to requests on that store (see src/api/openapi/examples.ts), so the
// document follows the store as the store follows the content.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { examplesOf } from '../api/openapi/examples.ts';
import { openApiText } from '../api/openapi/document.ts';
import { OPENAPI_PATH } from '../api/public.ts';
import { isNoSuchFile } from '../shared/fs-errors.ts';
import type { Store } from '../store/reader/store.ts';

/** The built store in `siteDir`, read as the API reads it: a missing file is none, any other failure is thrown. */
function siteStore(siteDir: string): Store {
  const bytes = async (file: string) => {
    try {
      return new Uint8Array(await readFile(path.join(siteDir, file)));
    } catch (e) {
      if (isNoSuchFile(e)) return null;
      throw e;
    }
  };
  return {
    read: async (file) => {
      const read = await bytes(file);
      return read && new TextDecoder().decode(read);
    },
    readBytes: bytes,
  };
}

/** The document for the store built in `siteDir` on `today` (the build's day), as served. */
export async function apiDocumentText(siteDir: string, today: string): Promise<string> {
  return openApiText(await examplesOf(siteStore(siteDir), today));
}

/** Writes the document into `siteDir`: a new file renamed over the old, never written in place (it may be linked into another build). */
export async function writeApiDocument(siteDir: string, today: string): Promise<void> {
  const file = path.join(siteDir, OPENAPI_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, await apiDocumentText(siteDir, today));
  await rename(`${file}.tmp`, file);
}
