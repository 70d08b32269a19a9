// Every built file that the API answers with only its envelope around it (a record, a small list,
// a rankings page, a built default page) makes an answer that the OpenAPI document describes for
// its path. The envelope is put around it as the handler does; pieces of lists (chunks, indexes,
// search parts) are not answers on their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { allBody, finishBody, listBody, oneBody, paginationOf, type Body } from '../../src/api/envelope.ts';
import { BUILT_PAGE_SIZE, linesOf, splitHeader, STORE } from '../../src/store/layout.ts';
import { expectDocumented } from '../helpers/openapi.ts';
import { builtSite } from '../helpers/site.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;

/** Built files that are whole answers, by the API path they answer, and how the handler wraps them. */
const WHOLE: Array<{ files: string; path: (file: string) => string; wrap: (text: string) => Body }> = [
  { files: '*/records/**/*.json', path: (f) => `/v2/${f.split('/')[0]}/${path.basename(f, '.json')}`, wrap: oneBody },
  { files: '*/all.ndjson', path: (f) => `/v2/${f.split('/')[0]}/`, wrap: (t) => allBody(linesOf(t)) },
  { files: 'titles/by/**/*.ndjson', path: () => '/v2/titles/', wrap: (t) => allBody(linesOf(t)) },
  { files: 'rankings/**/*.ndjson', path: () => '/v2/rankings/', wrap: headed },
  { files: '*/pages/**/*.ndjson', path: (f) => `/v2/${f.split('/')[0]}/`, wrap: headed },
];

/** A file with a header line: its records, counted as its header says (the page numbers do not matter here). */
function headed(text: string): Body {
  const { header, lines } = splitHeader(text);
  return listBody(lines, paginationOf(1, lines.length, BUILT_PAGE_SIZE, header.total));
}

describe('the store\'s whole answers match the OpenAPI document', () => {
  const root = path.join(builtSite(), STORE);

  it.each(WHOLE)('$files', ({ files, path: apiPath, wrap }) => {
    const found = fg.sync(files, { cwd: root });
    expect(found.length, files).toBeGreaterThan(0);
    for (const file of found) {
      const { bytes } = finishBody(wrap(readFileSync(path.join(root, file), 'utf8')), NOW);
      expectDocumented('GET', apiPath(file), 200, new TextDecoder().decode(bytes));
    }
  });
});
