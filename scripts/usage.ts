// npm run usage -- FILE: sums a usage log (the key gate's one JSON line per request, as Netlify's
// function logs, a log drain or npm start print it) by caller, UTC day and endpoint.
import { statSync } from 'node:fs';
import { parseCommandLine, refuse } from '../src/cli/args.ts';
import { fileLines, summarizeUsage, usageTable } from '../src/cli/usage.ts';

const USAGE = `Usage: npm run usage -- FILE
       (or node scripts/usage.ts FILE)

Reads a log holding the key gate's usage lines (one JSON object a request, {"type":"api.request",
...}; a prefix before it, such as the time and level a log view adds, is fine) and prints the
requests by caller (a key's name, never the key; "key N" for the Nth entry of API_KEYS when it
has no name; rapidapi:USER for the gateway's subscribers), UTC day and endpoint: how many were
answered, refused (4xx) and failed (5xx). Every other line is skipped and counted.

  FILE          the log to read
  -h, --help    print this text`;

const args = process.argv.slice(2);
// The one argument that is no option is the file; the options are read as every command reads them.
const files = args.filter((a) => !a.startsWith('-'));
parseCommandLine(
  USAGE,
  {},
  args.filter((a) => a.startsWith('-')),
);
if (files.length !== 1) refuse(USAGE, files.length === 0 ? 'name the log FILE to read' : 'give one FILE at a time');
const [file] = files;
const kind = (() => {
  try {
    return statSync(file).isFile() ? 'file' : 'other';
  } catch {
    return 'none';
  }
})();
if (kind !== 'file') refuse(USAGE, kind === 'none' ? `FILE "${file}" does not exist` : `FILE "${file}" is not a file`);
try {
  process.stdout.write(usageTable(await summarizeUsage(fileLines(file))));
} catch (e) {
  process.stderr.write(`usage: cannot read "${file}": ${(e as Error).message}\n`);
  process.exit(1);
}
