// Every built file that the API answers with only its envelope around it (a record of a pack, a small list,
// a rankings page, a list's head) makes an answer that the OpenAPI document describes for its path.
// The envelope is put around it as the handler does; pieces of lists (packs of lists in order,
// indexes, search parts) are not answers on their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { allBody, finishBody, listBody, oneBody, paginationOf, type Body } from '../../src/api/envelope.ts';
import { linesOf, splitHeader } from '../../src/store/lists/format.ts';
import { readKeyed } from '../../src/store/pack/format.ts';
import { recordOf } from '../../src/store/pack/shapes.ts';
import { STORE } from '../../src/store/layout.ts';
import { expectDocumented } from '../helpers/openapi.ts';
import { builtSite } from '../helpers/site.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;

/** Built files that hold whole answers, each answer with the API path it answers, wrapped as the handler wraps it. */
const WHOLE: Array<{ files: string; answers: (file: string, text: string) => Array<[path: string, body: Body]> }> = [
  {
    files: '*/records/**/*.pack',
    answers: (f, t) => {
      const pack = readKeyed(t);
      return pack.all().map(([id, stored]) => [`/v2/${f.split('/')[0]}/${id}`, oneBody(recordOf(stored, pack.shapes))]);
    },
  },
  {
    files: '*/all.pack',
    answers: (f, t) => [
      [
        `/v2/${f.split('/')[0]}/`,
        allBody(
          readKeyed(t)
            .all()
            .map(([, record]) => record),
        ),
      ],
      ...readKeyed(t)
        .all()
        .map(([id, record]): [string, Body] => [`/v2/${f.split('/')[0]}/${id}`, oneBody(record)]),
    ],
  },
  { files: 'titles/by/**/*.ndjson', answers: (_, t) => [['/v2/titles/', allBody(linesOf(t))]] },
  { files: 'rankings/**/*.ndjson', answers: (_, t) => [['/v2/rankings/', headed(t)]] },
  { files: '*/head.ndjson', answers: (f, t) => [[`/v2/${f.split('/')[0]}/`, headed(t)]] },
];

/** A file with a header line: its records (stored records where its header lists their shapes), counted as its header says (the page numbers do not matter here). */
function headed(text: string): Body {
  const { header, lines } = splitHeader(text);
  const shapes = header.shapes;
  const records = shapes ? lines.map((stored) => recordOf(stored, { get: (key) => shapes[key] })) : lines;
  return listBody(records, paginationOf(1, records.length, records.length, header.total));
}

describe("the store's whole answers match the OpenAPI document", () => {
  const root = path.join(builtSite(), STORE);

  it.each(WHOLE)('$files', ({ files, answers }) => {
    const found = fg.sync(files, { cwd: root });
    expect(found.length, files).toBeGreaterThan(0);
    for (const file of found)
      for (const [apiPath, body] of answers(file, readFileSync(path.join(root, file), 'utf8'))) {
        const { bytes } = finishBody(body, NOW);
        expectDocumented('GET', apiPath, 200, new TextDecoder().decode(bytes));
      }
  });
});
