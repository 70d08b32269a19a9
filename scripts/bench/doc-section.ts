// A benchmark's report kept in a Markdown file, between two marker lines, so that the tables a
// document shows are the ones the script printed: `--out FILE` replaces what lies between the
// markers (or, the first time, adds them at the end) and leaves the rest of the file as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The marker lines of a command's section. */
export const markers = (command: string) =>
  [
    `<!-- ${command}: start (written by the command; edits between the markers are lost) -->`,
    `<!-- ${command}: end -->`,
  ] as const;

/** `text` with the section of `command` holding `report`. */
export function withSection(text: string, command: string, report: string): string {
  const [start, end] = markers(command);
  const section = `${start}\n${report.trim()}\n${end}`;
  const from = text.indexOf(start);
  if (from === -1) return `${text.trimEnd()}${text.trim() === '' ? '' : '\n\n'}${section}\n`;
  const to = text.indexOf(end, from);
  // A section whose end was lost: replacing up to the next end marker, or to the end, would take prose with it.
  if (to === -1) throw new Error(`the document has "${start}" but no "${end}" after it: put the end marker back`);
  return text.slice(0, from) + section + text.slice(to + end.length);
}

/** Writes `report` into `file`'s section of `command` (the file is made when missing). */
export function writeSection(file: string, command: string, report: string): void {
  writeFileSync(file, withSection(existsSync(file) ? readFileSync(file, 'utf8') : '', command, report));
}
