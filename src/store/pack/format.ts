// A pack: one store file of many entries, with a table of where each starts, so a reader slices
// out the entries it needs without parsing the rest. Two kinds, by how entries are found:
//
//   positional (the lists in order: fights by date, fighters by name)   entry i by its number
//     {"entries":n,"width":w,"shapes":{...}}\n
//     <n + 1 offsets, each w decimal digits: where each entry starts, and where the last ends>\n
//     <entry 0>\n<entry 1>\n ... <entry n-1>
//
//   keyed (the lists kept by id: records, an event's fights)             entry by its id
//     {"entries":n,"shapes":{...}}\n
//     <for each entry: RS id US start US end, in the pack's order>\n
//     <entry>\n<entry>\n ...
//
// RS and US are the ASCII record and unit separators (\x1e, \x1f): no id and no store text holds a
// control character, so `RS id US` is found with one indexOf and never inside another entry's
// item. Offsets count bytes (UTF-8) of the body, which begins after the table's line break; an
// entry may span lines (a list read whole is its lines). A reader takes the pack's bytes as read
// and decodes only its header, its table and the entries it asks for: a pack is hundreds of
// kilobytes, and decoding it whole would cost a request more CPU than all its other work.
// `shapes` lists the shapes of the stored records the entries hold (see shapes.ts), by key; a pack
// of other text has none. The same entries make the same bytes.
import { BadPack } from './bad-pack.ts';
import type { ShapesOf } from './shapes.ts';

export { BadPack } from './bad-pack.ts';

/** The shapes a pack lists in its header: those its stored records name (see shapesNamed). */
export type PackShapes = Record<string, readonly string[]>;

const RS = '\x1e';
const US = '\x1f';
const NEWLINE = 10;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The UTF-8 length of well-formed text, counted (a pair of surrogates is one 4-byte character). */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    length += c >= 0xd800 && c <= 0xdfff ? 1 : c >= 0x800 ? 2 : 1;
  }
  return length;
}

/** Node's own count where the runtime has it (the build's), several times faster on long text. */
const NodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer;
const byteLength: (text: string) => number = NodeBuffer ? (text) => NodeBuffer.byteLength(text, 'utf8') : utf8Length;

/** A positional pack's text: its entries, found by their numbers. */
export function positionalPack(entries: readonly string[], shapes: PackShapes = {}): string {
  const lengths = entries.map((entry) => byteLength(entry));
  let end = 0;
  for (const length of lengths) end += length + 1;
  const width = String(end).length;
  const zeros = '0'.repeat(width);
  let table = '';
  let at = 0;
  for (const length of lengths) {
    const digits = String(at);
    table += zeros.slice(digits.length) + digits;
    at += length + 1;
  }
  table += String(end);
  return `${JSON.stringify({ entries: entries.length, width, ...shaped(shapes) })}\n${table}\n${entries.join('\n')}`;
}

/** A header's shapes: none at all where there are none. */
const shaped = (shapes: PackShapes) => (Object.keys(shapes).length > 0 ? { shapes } : {});

/** A keyed pack's text: each entry under its id, in the order given (ids unique, without control characters). */
export function keyedPack(
  entries: ReadonlyArray<readonly [id: string, entry: string]>,
  shapes: PackShapes = {},
): string {
  const items: string[] = [];
  let at = 0;
  for (const [id, entry] of entries) {
    const length = byteLength(entry);
    items.push(`${RS}${id}${US}${at}${US}${at + length}`);
    at += length + 1;
  }
  return `${JSON.stringify({ entries: entries.length, ...shaped(shapes) })}\n${items.join('')}\n${entries.map(([, entry]) => entry).join('\n')}`;
}

/** A pack's bytes, its first line and where its table and body begin. */
interface Parts {
  bytes: Uint8Array;
  header: { entries: number; width?: number; shapes?: PackShapes };
  table: number;
  tableEnd: number;
  body: number;
}

/** A pack as read (its bytes), or as text (the writer's update, which reads the store's files as text). */
export type PackInput = Uint8Array | string;

function partsOf(pack: PackInput): Parts {
  const bytes = typeof pack === 'string' ? encoder.encode(pack) : pack;
  const headerEnd = bytes.indexOf(NEWLINE);
  const tableEnd = headerEnd < 0 ? -1 : bytes.indexOf(NEWLINE, headerEnd + 1);
  if (tableEnd < 0) throw new BadPack('has no table');
  const header = JSON.parse(decoder.decode(bytes.subarray(0, headerEnd))) as Parts['header'];
  return { bytes, header, table: headerEnd + 1, tableEnd, body: tableEnd + 1 };
}

/** What every pack read gives: its entry count and the shapes of its stored records. */
interface ReadPack {
  entries: number;
  shapes: ShapesOf & { named: PackShapes };
}

/** The shapes a header lists (none where it lists none), to look up by key. */
export const shapesListed = (named: PackShapes = {}): ReadPack['shapes'] => ({
  named,
  get: (key) => (Object.hasOwn(named, key) ? named[key] : undefined),
});

/** A positional pack as read: its entry count, and entries sliced out by number. */
export interface PositionalPack extends ReadPack {
  /** Entry i (0 <= i < entries). */
  entry(i: number): string;
  /** Entries [from, to), clamped to the pack. */
  slice(from: number, to: number): string[];
}

export function readPositional(pack: PackInput): PositionalPack {
  const { bytes, header, table, tableEnd, body } = partsOf(pack);
  const width = header.width ?? 0;
  if (!(width > 0) || tableEnd - table !== (header.entries + 1) * width)
    throw new BadPack('has a table that does not fit its entries');
  /** Where entry i starts: its offset's digits read from the bytes, no text made. */
  const start = (i: number) => {
    let at = 0;
    for (let k = table + i * width, end = k + width; k < end; k++) {
      const digit = bytes[k] - 48;
      if (digit < 0 || digit > 9) throw new BadPack('has a table that is not offsets');
      at = at * 10 + digit;
    }
    return body + at;
  };
  // Entries are separated by line breaks: the body ends one byte before the last offset.
  const length = header.entries === 0 ? 0 : start(header.entries) - body - 1;
  if (bytes.length - body !== length)
    throw new BadPack(`holds ${bytes.length - body} bytes where its table says ${length}`);
  const entry = (i: number) => decoder.decode(bytes.subarray(start(i), start(i + 1) - 1));
  return {
    entries: header.entries,
    shapes: shapesListed(header.shapes),
    entry,
    slice(from, to) {
      const [first, end] = [Math.max(0, from), Math.min(to, header.entries)];
      if (end <= first) return [];
      // One decoding for the whole run: entries of the lists in order are one line each. One
      // that spans lines (none is written so) is sliced out on its own.
      const lines = decoder.decode(bytes.subarray(start(first), start(end) - 1)).split('\n');
      if (lines.length === end - first) return lines;
      return Array.from({ length: end - first }, (_, i) => entry(first + i));
    },
  };
}

/** A keyed pack as read: an entry by its id, and every id in the pack's order. */
export interface KeyedPack extends ReadPack {
  /** The entry of `id`, or null when the pack holds none. */
  find(id: string): string | null;
  /** Every id with its entry, in the pack's order (the writer's update reads a pack whole). */
  all(): Array<[id: string, entry: string]>;
}

export function readKeyed(pack: PackInput): KeyedPack {
  const { bytes, header, table: tableStart, tableEnd, body } = partsOf(pack);
  // The table is text (ids, and offsets in digits); the entries stay bytes until one is asked for.
  const table = decoder.decode(bytes.subarray(tableStart, tableEnd));
  const lastEnd = header.entries === 0 ? 0 : Number(table.slice(table.lastIndexOf(US) + 1));
  if (body + lastEnd !== bytes.length)
    throw new BadPack(`holds ${bytes.length - body} bytes where its table says ${lastEnd}`);
  const at = (from: number) => {
    const us = table.indexOf(US, from);
    const end = table.indexOf(RS, us);
    const [start, stop] = table
      .slice(us + 1, end < 0 ? table.length : end)
      .split(US)
      .map(Number);
    return { id: table.slice(from, us), text: decoder.decode(bytes.subarray(body + start, body + stop)), next: end };
  };
  return {
    entries: header.entries,
    shapes: shapesListed(header.shapes),
    find(id) {
      const item = table.indexOf(`${RS}${id}${US}`);
      return item < 0 ? null : at(item + 1).text;
    },
    all() {
      const out: Array<[string, string]> = [];
      for (let from = table.indexOf(RS); from >= 0; ) {
        const { id, text: entry, next } = at(from + 1);
        out.push([id, entry]);
        from = next;
      }
      return out;
    },
  };
}
