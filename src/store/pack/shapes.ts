// A record as packs hold it: its shape (the JSON text around its values: braces, keys, colons and
// commas) named by a key, then its values. Every fight has the same few shapes, so a pack lists
// each shape once in its header and each record is its values alone: a third of a fight's text
// and most of a fighter's is keys. The reader puts the text back together, byte for byte the
// record's own (recordText), without parsing it.
//
//   a record as stored:  <shape key, 8 hex digits> US <value> US <value> ...
//   a shape:             its parts, the text before, between and after the values
//
// A value is the JSON text of a string, number, boolean, null or array (arrays are kept whole);
// objects are taken apart. JSON text never holds a raw control character, so US (\x1f) cannot be
// inside a value.
import { fnv1a } from '../../shared/hash.ts';
import { BadPack } from './bad-pack.ts';

const US = '\x1f';

/**
 * Text with every character beyond ASCII escaped as JSON escapes it: the same JSON to any reader,
 * but a one-byte string to the runtime, which reads, joins and encodes it for the response several
 * times faster than text holding a single "ł". The store's text is ASCII.
 */
const ascii = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A record's JSON text, ASCII (see ascii). */
export function recordText(record: unknown): string {
  return ascii(JSON.stringify(record));
}

/** The shapes packs refer to, by key: a build's (or an update's) every shape, gathered as records are stored or read. */
export class Shapes {
  private readonly byKey = new Map<string, readonly string[]>();
  /** Each shape's key by its parts joined: a record's shape is found again without hashing it. */
  private readonly byText = new Map<string, string>();

  /** The key of a shape, which this set holds from then on. */
  add(parts: readonly string[]): string {
    return this.keyOf(parts.join('\0'), parts);
  }

  /** The key of the shape whose parts, joined by NUL, are `text` (`parts` made only when the shape is new). */
  keyOf(text: string, parts: readonly string[] | (() => readonly string[])): string {
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const key = (fnv1a(text) >>> 0).toString(16).padStart(8, '0');
    const held = this.byKey.get(key);
    if (held !== undefined && held.join('\0') !== text) throw new Error(`two record shapes share the key ${key}`);
    this.byKey.set(key, held ?? (typeof parts === 'function' ? parts() : parts));
    this.byText.set(text, key);
    return key;
  }

  /** Takes every shape of another set (or of a pack's header). */
  addAll(shapes: Iterable<readonly [string, readonly string[]]>): void {
    for (const [, parts] of shapes) this.add(parts);
  }

  get(key: string): readonly string[] | undefined {
    return this.byKey.get(key);
  }

  entries(): IterableIterator<[string, readonly string[]]> {
    return this.byKey.entries();
  }
}

/** A record as packs hold it (see the top of this file); its shape is added to `shapes`. */
export function storedRecord(record: unknown, shapes: Shapes): string {
  // The shape's parts joined by NUL (which JSON text holds no raw one of), and the values joined
  // by US: made as the record is walked, escaped to ASCII once each.
  let shape = '';
  let values = '';
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      shape += '\0';
      values += US + JSON.stringify(value);
      return;
    }
    shape += '{';
    let first = true;
    for (const key in value) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      shape += `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      walk(member);
    }
    shape += '}';
  };
  walk(record);
  const text = ascii(shape);
  return shapes.keyOf(text, () => text.split('\0')) + ascii(values);
}

/** The shapes a pack lists, by key. */
export type ShapesOf = { get(key: string): readonly string[] | undefined };

/**
 * Each shape the stored records in some texts name (a stored record is a line, or ends one after
 * the fields a line of a list read whole begins with: its key is the 8 characters before the
 * line's first US), from `shapes`, by key.
 */
export function shapesNamed(texts: Iterable<string>, shapes: ShapesOf): Record<string, readonly string[]> {
  const named: Record<string, readonly string[]> = {};
  let last = '';
  // Each line's first US, without splitting the text into its lines.
  for (const text of texts)
    for (let start = 0; start < text.length; ) {
      const lineEnd = text.indexOf('\n', start);
      const end = lineEnd < 0 ? text.length : lineEnd;
      const at = text.indexOf(US, start);
      if (at >= start + 8 && at < end) {
        const key = text.slice(at - 8, at);
        if (key !== last && !(key in named)) {
          const parts = shapes.get(key);
          if (parts === undefined) throw new Error(`no shape ${key} for a stored record`);
          named[key] = parts;
        }
        last = key;
      }
      start = end + 1;
    }
  return named;
}

/** A stored record's JSON text, from the shapes its pack lists. */
export function recordOf(stored: string, shapes: ShapesOf): string {
  const values = stored.split(US);
  const parts = shapes.get(values[0]);
  if (parts === undefined || parts.length !== values.length)
    throw new BadPack(`holds a record that names a shape ${values[0]} its pack does not list`);
  let text = parts[0];
  for (let i = 1; i < values.length; i++) text += values[i] + parts[i];
  return text;
}

/**
 * A line with the stored record it holds (the whole line, or its end after the fields a line of a
 * list read whole begins with) put back as JSON text; a line that holds none as it is.
 */
export function lineWithRecord(line: string, shapes: ShapesOf): string {
  const at = line.indexOf(US);
  if (at < 8) return line;
  return line.slice(0, at - 8) + recordOf(line.slice(at - 8), shapes);
}

/** The stored record a line ends with (after the fields a list's line may begin with), as JSON text. */
export function recordAtEnd(line: string, shapes: ShapesOf): string {
  return recordOf(storedAtEnd(line), shapes);
}

/** The stored record a line ends with, as stored. */
export const storedAtEnd = (line: string) => line.slice(Math.max(0, line.indexOf(US) - 8));
