// The database json-server serves in the throughput comparison: the same fights the API returns,
// read from the built site, with the fields json-server filters on lifted to the top level.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { paths, sortedFolder } from '../../src/store/layout.ts';
import { readOrderedIndex } from '../../src/store/pack/list-index.ts';
import { readPositional } from '../../src/store/pack/format.ts';
import { recordOf } from '../../src/store/pack/shapes.ts';
import type { Fight } from '../../src/records/schemas.ts';

/**
 * THE data source of the comparison, and the one place that knows where built fights are: every
 * fight as the API returns it, in the built order. It reads the list of every fight in date order:
 * its index, then each of its packs. If the store layout changes, re-point this.
 */
export async function* builtFights(distDir: string): AsyncGenerator<Fight> {
  const folder = sortedFolder({ resource: 'fights' });
  const index = readOrderedIndex(await readFile(path.join(distDir, paths.index(folder)), 'utf8'));
  for (let k = 0; k < index.packs; k++) {
    const pack = readPositional(await readFile(path.join(distDir, paths.pack(folder, index.name(k))), 'utf8'));
    for (let i = 0; i < pack.entries; i++) yield JSON.parse(recordOf(pack.entry(i), pack.shapes)) as Fight;
  }
}

/** A fight as json-server holds it: the API record plus the ids json-server's filters compare. */
export type JsonServerFight = Fight & { division_id: string; event_id: string };

export function forJsonServer(fight: Fight): JsonServerFight {
  return { ...fight, division_id: fight.division.id, event_id: fight.event.id };
}

/** Writes `{"fights": [...]}` to file, one record per line, and returns how many fights it holds. */
export async function writeJsonServerDb(distDir: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let count = 0;
  try {
    await write('{"fights":[\n');
    for await (const fight of builtFights(distDir)) {
      await write(`${count === 0 ? '' : ',\n'}${JSON.stringify(forJsonServer(fight))}`);
      count++;
    }
    await write('\n]}\n');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}
