// Texts set aside on disk and read back by position: the build's way of keeping a million
// records within reach without holding them. Appends are buffered; a read of bytes still in the
// buffer writes it out first. The operating system's page cache keeps what is read again soon.
// Reads that move forward through the file (a list in the order its records were appended, or a
// division's share of it) are served from a window read ahead, and reads that move backward (the
// same list newest first, as the exports read it) from a window read behind; a read that jumps
// (a fighter's fights, years apart) reads just its own bytes and leaves the window where it is.
import { Buffer } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const BUFFER = 1 << 20;
/** Bytes read ahead (or behind): some forty records, each read a call to the system otherwise. */
export const READ_AHEAD = 1 << 16;

export class Spill {
  private readonly fd: number;
  private pending = Buffer.allocUnsafe(BUFFER);
  private pendingBytes = 0;
  private written = 0;
  private scratch = Buffer.allocUnsafe(1 << 16);
  private readonly window = Buffer.allocUnsafe(READ_AHEAD);
  /** The window holds the file's bytes from windowAt, windowBytes of them (appends never change bytes already written). */
  private windowAt = 0;
  private windowBytes = 0;
  /** Where the last read ended: a read from there or a little past it is taken as moving forward. */
  private lastEnd = 0;
  /** Where the last read started: a read ending there or a little before it is taken as moving backward. */
  private lastStart = 0;
  /** Calls to the system made by read(): what the window saves (see spill.test.ts). */
  reads = 0;

  constructor(file: string, mode: 'w' | 'r' = 'w') {
    this.fd = openSync(file, mode === 'w' ? 'w+' : 'r');
    // A file opened to read holds what it holds: a window never reaches past its end.
    if (mode === 'r') this.written = fstatSync(this.fd).size;
  }

  /** Appends an ASCII or Latin-1 text (the store's record texts are ASCII); returns its position. */
  append(text: string): number {
    const at = this.written + this.pendingBytes;
    if (text.length > this.pending.length - this.pendingBytes) {
      this.flush();
      if (text.length > this.pending.length) {
        writeSync(this.fd, Buffer.from(text, 'latin1'), 0, text.length, this.written);
        this.written += text.length;
        return at;
      }
    }
    this.pendingBytes += this.pending.write(text, this.pendingBytes, 'latin1');
    return at;
  }

  /** `length` bytes at `at`, as `encoding` text. */
  read(at: number, length: number, encoding: 'latin1' | 'utf8' = 'latin1'): string {
    if (at + length > this.written) this.flush();
    if (at + length > this.written) throw new Error(`spill file ends before byte ${at + length}`);
    const forward = at >= this.lastEnd && at < this.lastEnd + READ_AHEAD;
    const backward = at + length <= this.lastStart && at + length > this.lastStart - READ_AHEAD;
    [this.lastStart, this.lastEnd] = [at, at + length];
    if (at >= this.windowAt && at + length <= this.windowAt + this.windowBytes)
      return this.window.toString(encoding, at - this.windowAt, at - this.windowAt + length);
    // Moving forward, and past the window: the next window starts here. Moving backward: it ends here.
    if ((forward || backward) && length <= READ_AHEAD) {
      const from = forward ? at : Math.max(0, at + length - READ_AHEAD);
      const bytes = Math.min(READ_AHEAD, this.written - from);
      // Emptied first: a read that fails leaves no window of mixed bytes behind.
      this.windowBytes = 0;
      this.readInto(this.window, from, bytes);
      this.windowAt = from;
      this.windowBytes = bytes;
      return this.window.toString(encoding, at - from, at - from + length);
    }
    if (length > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(length, this.scratch.length * 2));
    this.readInto(this.scratch, at, length);
    return this.scratch.toString(encoding, 0, length);
  }

  private readInto(buffer: Buffer, at: number, length: number): void {
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buffer, done, length - done, at + done);
      this.reads++;
      if (n === 0) throw new Error(`spill file ends before byte ${at + length}`);
      done += n;
    }
  }

  /** Writes out what is buffered: another reader of the file sees every text appended so far. */
  flush(): void {
    let done = 0;
    while (done < this.pendingBytes)
      done += writeSync(this.fd, this.pending, done, this.pendingBytes - done, this.written + done);
    this.written += this.pendingBytes;
    this.pendingBytes = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * Closes every file of the list, each whatever the others' closing did, and empties the list (a
 * descriptor closed twice could be another file's by then); then throws the first failure, if any.
 */
export function closeAll(files: { close(): void }[]): void {
  const failures: unknown[] = [];
  for (const file of files.splice(0))
    try {
      file.close();
    } catch (e) {
      failures.push(e);
    }
  if (failures.length > 0) throw failures[0];
}

/** Closes every file of the list as a failure goes by, then throws that failure: the one to tell, whatever their closing says. */
export function closeAllAfter(failure: unknown, files: { close(): void }[]): never {
  try {
    closeAll(files);
  } catch {}
  throw failure;
}
