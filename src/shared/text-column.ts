// Many short strings (ids, names, file names) kept as UTF-8 bytes in one growing buffer: a
// fraction of the memory of as many JavaScript strings, which is what lets the build keep a key
// per record for millions of records.
import { Buffer } from 'node:buffer';

export class TextColumn {
  private bytes: Buffer<ArrayBufferLike> = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** ends[i] is where string i ends; it starts where string i - 1 ends. */
  private ends: Uint32Array<ArrayBufferLike> = new Uint32Array(1 << 10);
  count = 0;

  push(s: string): number {
    const need = this.used + s.length * 3;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(s, this.used, 'utf8');
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count] = this.used;
    return this.count++;
  }

  /**
   * Sets string i: a new one at the end (any strings skipped over are empty), or a replacement.
   * Replacements are rare (a live preview's edits) and kept beside the packed bytes.
   */
  put(i: number, s: string): void {
    if (i < this.count) {
      (this.replaced ??= new Map()).set(i, s);
      return;
    }
    while (this.count < i) this.push('');
    this.push(s);
  }

  private replaced: Map<number, string> | undefined;

  get(i: number): string {
    const replaced = this.replaced?.get(i);
    if (replaced !== undefined) return replaced;
    return this.bytes.toString('utf8', i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }

  /** The packed bytes and where each string ends, replacements included: what a saved build keeps. */
  packed(): { bytes: Uint8Array; ends: Uint32Array } {
    if (this.replaced?.size) {
      const copy = new TextColumn();
      for (let i = 0; i < this.count; i++) copy.push(this.get(i));
      return copy.packed();
    }
    return { bytes: this.bytes.subarray(0, this.used), ends: this.ends.subarray(0, this.count) };
  }

  /** A column from what packed() gave. */
  static from(bytes: Uint8Array, ends: Uint32Array): TextColumn {
    const column = new TextColumn();
    column.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    column.used = bytes.byteLength;
    column.ends = ends.length > 0 ? ends : new Uint32Array(1 << 10);
    column.count = ends.length;
    return column;
  }

  /**
   * Orders strings i and j as compareStrings orders them (UTF-16 code units), without decoding
   * them. UTF-8 bytes sort as code points do, which differs from code units only where a
   * character beyond U+FFFF meets one from U+E000 to U+FFFF: there the strings are decoded.
   */
  compare(i: number, j: number): number {
    if (this.replaced !== undefined && (this.replaced.has(i) || this.replaced.has(j))) {
      const [s, t] = [this.get(i), this.get(j)];
      return s < t ? -1 : s > t ? 1 : 0;
    }
    const a = i === 0 ? 0 : this.ends[i - 1];
    const b = j === 0 ? 0 : this.ends[j - 1];
    const la = this.ends[i] - a;
    const lb = this.ends[j] - b;
    const n = Math.min(la, lb);
    const bytes = this.bytes;
    for (let k = 0; k < n; k++) {
      const x = bytes[a + k];
      const y = bytes[b + k];
      if (x === y) continue;
      if (x >= 0xee && y >= 0xee) {
        const [s, t] = [this.get(i), this.get(j)];
        return s < t ? -1 : s > t ? 1 : 0;
      }
      return x - y;
    }
    return la - lb;
  }

  /** Whether string i ends in `suffix` (ASCII), read from the bytes: no string is made. */
  endsWith(i: number, suffix: string): boolean {
    const replaced = this.replaced?.get(i);
    if (replaced !== undefined) return replaced.endsWith(suffix);
    const start = i === 0 ? 0 : this.ends[i - 1];
    const end = this.ends[i];
    if (end - start < suffix.length) return false;
    for (let k = 1; k <= suffix.length; k++)
      if (this.bytes[end - k] !== suffix.charCodeAt(suffix.length - k)) return false;
    return true;
  }
}
