// Texts set aside on disk and read back by position: the build's way of keeping a million
// records within reach without holding them. Appends are buffered; a read of bytes still in the
// buffer writes it out first. The operating system's page cache keeps what is read again soon.
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

const BUFFER = 1 << 20;

export class Spill {
  private readonly fd: number;
  private pending = Buffer.allocUnsafe(BUFFER);
  private pendingBytes = 0;
  private written = 0;
  private scratch = Buffer.allocUnsafe(1 << 16);

  constructor(file: string, mode: 'w' | 'r' = 'w') {
    this.fd = openSync(file, mode === 'w' ? 'w+' : 'r');
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
    if (length > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(length, this.scratch.length * 2));
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, this.scratch, done, length - done, at + done);
      if (n === 0) throw new Error(`spill file ends before byte ${at + length}`);
      done += n;
    }
    return this.scratch.toString(encoding, 0, length);
  }

  private flush() {
    let done = 0;
    while (done < this.pendingBytes) done += writeSync(this.fd, this.pending, done, this.pendingBytes - done, this.written + done);
    this.written += this.pendingBytes;
    this.pendingBytes = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
