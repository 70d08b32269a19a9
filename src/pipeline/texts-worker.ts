// The thread that resolves the second half of each large collection's list (see texts.ts): the
// catalog's parts it reads come as copies, the checked records from the scanners' spill files.
import { parentPort, workerData } from 'node:worker_threads';
import { LARGE, type LargeResource } from '../records/resources.ts';
import { Shapes } from '../store/pack/shapes.ts';
import { TextColumn } from '../shared/text-column.ts';
import { resolver, spilledContent } from './catalog-source.ts';
import { IdIndex } from './id-index.ts';
import { closeAll, closeAllAfter, Spill } from './spill.ts';
import { resolveShare, type ShareTexts, type TextsMessage, type TextsRequest } from './texts.ts';

const { asOfDay, catalog, shares, files } = workerData as TextsRequest;
const column = ({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) => TextColumn.from(bytes, ends);
const fighters = {
  ...catalog.fighters,
  index: new IdIndex(column(catalog.fighters.ids)),
  name: column(catalog.fighters.name),
  fullName: column(catalog.fighters.fullName),
};
const parts = { ...catalog, fighters };
const texts = {} as Record<LargeResource, ShareTexts>;
const shapes = new Shapes();
// Closed here, whether it fails or not: once a thread has failed, its files close only some time
// after the failure is heard, and by then the build may be removing their folder.
const opened: { close(): void }[] = [];
try {
  const content = spilledContent(parts);
  opened.push(content);
  const resolve = resolver(parts, asOfDay, content);
  for (const c of LARGE) {
    const spill = new Spill(files[c]);
    opened.push(spill);
    texts[c] = await resolveShare(resolve, c, shares[c], spill, shapes, (n) =>
      parentPort!.postMessage({ resolved: n } satisfies TextsMessage),
    );
  }
} catch (e) {
  closeAllAfter(e, opened);
}
closeAll(opened);
// Moved, not copied: at a million fights the positions are some twelve megabytes.
parentPort!.postMessage(
  { texts, shapes: [...shapes.entries()] } satisfies TextsMessage,
  Object.values(texts).flatMap((t) => [t.at.buffer, t.length.buffer]),
);
