// npm run bench:search: what name searches read from a built store, needle by needle: the reads,
// their sequential rounds and the bytes, as npm run bench counts them (a store that counts every
// read: test/helpers/counting-store.ts), for the common needles of a generated dataset.
import { existingFolder, nonEmpty, parseCommandLine } from '../../src/cli/args.ts';
import { createHandler } from '../../src/api/handler.ts';
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { countingStore } from '../../test/helpers/counting-store.ts';

const USAGE = `Usage: npm run bench:search -- --dist DIR [--needles A,B,...]
       (or node scripts/bench/search.ts [options])

Asks the API of a built folder for fighters by name, each needle for a page of 100 and for the
third page of 25, with and without a division, and prints for each the matches, the files read,
their sequential rounds and the KB read. The default needles are common in the generated data
(npm run data:generate): short grams, a surname, a first name and a surname, and needles whose
first characters thousands of fighters share.

  --dist DIR      the built folder (npm run build's output)
  --needles A,B   the needles to ask for, comma-separated (default: the common needles)
  -h, --help      print this text`;

const NEEDLES = ['son', 'the ', 'rodr', 'john', 'jack', 'bryant', 'aaron bryant', 'son b', 'the h'];

const values = parseCommandLine(USAGE, {
  dist: { type: 'string', required: true, parse: existingFolder },
  needles: { type: 'string', parse: nonEmpty },
});
const needles = values.needles ? values.needles.split(',') : NEEDLES;
const KEY = 'bench';
const handle = createHandler({ keys: [KEY] });
const counting = countingStore(folderStore(values.dist, { keep: true }));

console.log('| needle | query | matches | reads | rounds | KB read |');
console.log('|---|---|---|---|---|---|');
let worst = { reads: 0, rounds: 0, kb: 0 };
for (const needle of needles)
  for (const [what, query] of [
    ['page of 100', 'page_size=100'],
    ['page 3 of 25', 'page_size=25&page_num=3'],
    ['page of 100, welterweight', 'page_size=100&division_id=welterweight'],
  ]) {
    counting.take();
    const path = `/v2/fighters/?name=${encodeURIComponent(needle)}&${query}`;
    const response = await handle(
      new Request(`https://bench.example${path}`, { headers: { 'x-gateway-key': KEY } }),
      counting.store,
    );
    const body = (await response.json()) as { pagination?: { total_items: number } };
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    const read = counting.take();
    const kb = read.bytes / 1024;
    worst = {
      reads: Math.max(worst.reads, read.reads),
      rounds: Math.max(worst.rounds, read.rounds),
      kb: Math.max(worst.kb, kb),
    };
    console.log(
      `| \`${needle}\` | ${what} | ${body.pagination?.total_items} | ${read.reads} | ${read.rounds} | ${kb.toFixed(0)} |`,
    );
  }
console.log(`\nThe most: ${worst.reads} reads, ${worst.rounds} rounds, ${worst.kb.toFixed(0)} KB.`);
