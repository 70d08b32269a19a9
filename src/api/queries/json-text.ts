// Edits on a record's JSON text that spare a parse and a re-serialization of the whole record.

/** Where the JSON string whose opening quote is at `start` ends (the index of its closing quote). */
function stringEnd(text: string, start: number): number {
  // indexOf scans natively, far faster than a loop over the characters; a quote is the string's
  // end unless an odd number of backslashes escapes it.
  for (let i = text.indexOf('"', start + 1); i >= 0; i = text.indexOf('"', i + 1)) {
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === 0x5c /* backslash */) slashes++;
    if ((slashes & 1) === 0) return i;
  }
  return text.length;
}

/** Where the JSON value starting at `start` ends (exclusive). Strings are skipped whole. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (depth === 0) return i + 1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) depth++;
    else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && c === 0x2c /* , */) return i;
  }
  return text.length;
}

/**
 * A top-level object's JSON text without one member. The member is found by its key at the top
 * level (a key of the same name inside a nested value is skipped with that value).
 */
export function withoutField(json: string, field: string): string {
  const key = `"${field}":`;
  let i = 1;
  while (i < json.length - 1) {
    // i is at the start of a member: its key, then its value.
    const keyEnd = valueEnd(json, i);
    const end = valueEnd(json, keyEnd + 1);
    if (json.startsWith(key, i)) {
      const before = i > 1 ? i - 1 : i; // the comma before it, or (first member) the one after
      const after = i > 1 ? end : Math.min(end + 1, json.length - 1);
      return json.slice(0, before) + json.slice(after);
    }
    i = end + 1;
  }
  return json;
}
