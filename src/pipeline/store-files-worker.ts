// The thread that makes the fighters' store files (see store-files.ts), with a file writer of its
// own: the fighters come packed, their texts from the build's spill files.
import { parentPort, workerData } from 'node:worker_threads';
import { Shapes } from '../store/pack/shapes.ts';
import { fightersUnits } from '../store/units.ts';
import { fileWriter } from './file-writer.ts';
import { closeAll, closeAllAfter, Spill } from './spill.ts';
import { onDisk, TURN, unpackFighters, type FightersMessage, type FightersRequest } from './store-files.ts';
import { textsAt } from './texts.ts';

const { outDir, workDir, shapes: shapeEntries, divisions, titles, fighters } = workerData as FightersRequest;
const shapes = new Shapes();
shapes.addAll(shapeEntries);
// Closed here, whether it fails or not: once a thread has failed, its files close only some time
// after the failure is heard, and by then the build may be removing their folder.
const spills: Spill[] = [];
const sink = fileWriter(outDir);
try {
  for (const file of fighters.texts.files) spills.push(new Spill(file, 'r'));
  const share = { fighters: unpackFighters(fighters, textsAt(fighters.texts, spills)), divisions, titles, shapes };
  let made = 0;
  for (const unit of fightersUnits(share, onDisk(workDir))) {
    await sink.write(unit.path, unit.body());
    if (++made % TURN === 0) parentPort!.postMessage({ made: TURN } satisfies FightersMessage);
  }
  parentPort!.postMessage({ made: made % TURN } satisfies FightersMessage);
  await sink.close();
} catch (e) {
  await sink.close().catch(() => {});
  closeAllAfter(e, spills);
}
closeAll(spills);
parentPort!.postMessage({ files: sink.count() } satisfies FightersMessage);
