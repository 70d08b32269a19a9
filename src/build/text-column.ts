// Many short strings (ids, names, file names) kept as UTF-8 bytes in one growing buffer: a
// fraction of the memory of as many JavaScript strings, which is what lets the build keep a key
// per record for millions of records.
import { Buffer } from 'node:buffer';

export class TextColumn {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** ends[i] is where string i ends; it starts where string i - 1 ends. */
  private ends = new Uint32Array(1 << 10);
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

  get(i: number): string {
    return this.bytes.toString('utf8', i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }

  /**
   * Orders strings i and j as compareStrings orders them (UTF-16 code units), without decoding
   * them. UTF-8 bytes sort as code points do, which differs from code units only where a
   * character beyond U+FFFF meets one from U+E000 to U+FFFF: there the strings are decoded.
   */
  compare(i: number, j: number): number {
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
}
