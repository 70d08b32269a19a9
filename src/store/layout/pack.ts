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
// item. Offsets count characters of the body, which begins after the table's line break; an entry
// may span lines (a list read whole is its lines). `shapes` lists the shapes of the stored records
// the entries hold (see shapes.ts), by key; a pack of other text has none. The same entries make
// the same bytes.
import { BadPack } from './bad-pack.ts';
import type { ShapesOf } from './shapes.ts';

export { BadPack } from './bad-pack.ts';

/** The shapes a pack lists in its header: those its stored records name (see shapesNamed). */
export type PackShapes = Record<string, readonly string[]>;

const RS = '\x1e';
const US = '\x1f';

/** A positional pack's text: its entries, found by their numbers. */
export function positionalPack(entries: readonly string[], shapes: PackShapes = {}): string {
  let end = 0;
  for (const entry of entries) end += entry.length + 1;
  const width = String(end).length;
  const zeros = '0'.repeat(width);
  let table = '';
  let at = 0;
  for (const entry of entries) {
    const digits = String(at);
    table += zeros.slice(digits.length) + digits;
    at += entry.length + 1;
  }
  table += String(end);
  return `${JSON.stringify({ entries: entries.length, width, ...shaped(shapes) })}\n${table}\n${entries.join('\n')}`;
}

/** A header's shapes: none at all where there are none. */
const shaped = (shapes: PackShapes) => (Object.keys(shapes).length > 0 ? { shapes } : {});

/** A keyed pack's text: each entry under its id, in the order given (ids unique, without control characters). */
export function keyedPack(entries: ReadonlyArray<readonly [id: string, entry: string]>, shapes: PackShapes = {}): string {
  const items: string[] = [];
  let at = 0;
  for (const [id, entry] of entries) {
    items.push(`${RS}${id}${US}${at}${US}${at + entry.length}`);
    at += entry.length + 1;
  }
  return `${JSON.stringify({ entries: entries.length, ...shaped(shapes) })}\n${items.join('')}\n${entries.map(([, entry]) => entry).join('\n')}`;
}

/** A pack's first line and its table, and where its body begins. */
interface Parts {
  header: { entries: number; width?: number; shapes?: PackShapes };
  table: string;
  body: number;
}

function partsOf(text: string): Parts {
  const headerEnd = text.indexOf('\n');
  const tableEnd = headerEnd < 0 ? -1 : text.indexOf('\n', headerEnd + 1);
  if (tableEnd < 0) throw new BadPack('has no table');
  return { header: JSON.parse(text.slice(0, headerEnd)) as Parts['header'], table: text.slice(headerEnd + 1, tableEnd), body: tableEnd + 1 };
}

/** What every pack read gives: its entry count and the shapes of its stored records. */
interface ReadPack {
  entries: number;
  shapes: ShapesOf & { named: PackShapes };
}

const shapesOf = (header: Parts['header']): ReadPack['shapes'] => {
  const named = header.shapes ?? {};
  return { named, get: (key) => (Object.hasOwn(named, key) ? named[key] : undefined) };
};

/** A positional pack as read: its entry count, and entries sliced out by number. */
export interface PositionalPack extends ReadPack {
  /** Entry i (0 <= i < entries). */
  entry(i: number): string;
  /** Entries [from, to), clamped to the pack. */
  slice(from: number, to: number): string[];
}

export function readPositional(text: string): PositionalPack {
  const { header, table, body } = partsOf(text);
  const width = header.width ?? 0;
  if (!(width > 0) || table.length !== (header.entries + 1) * width) throw new BadPack('has a table that does not fit its entries');
  const start = (i: number) => body + Number(table.slice(i * width, (i + 1) * width));
  // Entries are separated by line breaks: the body ends one character before the last offset.
  const length = header.entries === 0 ? 0 : start(header.entries) - body - 1;
  if (text.length - body !== length) throw new BadPack(`holds ${text.length - body} characters where its table says ${length}`);
  const entry = (i: number) => text.slice(start(i), start(i + 1) - 1);
  return {
    entries: header.entries,
    shapes: shapesOf(header),
    entry,
    slice(from, to) {
      const out: string[] = [];
      for (let i = Math.max(0, from); i < Math.min(to, header.entries); i++) out.push(entry(i));
      return out;
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

export function readKeyed(text: string): KeyedPack {
  const { header, table, body } = partsOf(text);
  const lastEnd = header.entries === 0 ? 0 : Number(table.slice(table.lastIndexOf(US) + 1));
  if (body + lastEnd !== text.length) throw new BadPack(`holds ${text.length - body} characters where its table says ${lastEnd}`);
  const at = (from: number) => {
    const us = table.indexOf(US, from);
    const end = table.indexOf(RS, us);
    const [start, stop] = table.slice(us + 1, end < 0 ? table.length : end).split(US).map(Number);
    return { id: table.slice(from, us), text: text.slice(body + start, body + stop), next: end };
  };
  return {
    entries: header.entries,
    shapes: shapesOf(header),
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
