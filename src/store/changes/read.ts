// The changes feed's history at request time: its index (one read), then the packs that hold a
// page's positions, read together (one round).
import { packEntries, packsHolding, readHistoryIndex, type HistoryIndex } from './format.ts';
import { paths } from '../layout.ts';
import { readRequired, StoreInconsistent, type Store } from '../store.ts';

/** The history's index, as built; one that does not parse contradicts the build. */
export async function readHistory(store: Store): Promise<HistoryIndex> {
  const text = await readRequired(store, paths.changesIndex, 'every build writes it');
  try {
    return readHistoryIndex(text);
  } catch {
    throw new StoreInconsistent(paths.changesIndex, 'it is not a whole history index');
  }
}

/** The entries at positions `from` to `to` (exclusive; within the history), as JSON text. */
export async function readEntries(store: Store, index: HistoryIndex, from: number, to: number): Promise<string[]> {
  const packs = packsHolding(index, from, to);
  const texts = await Promise.all(
    packs.map((p) => readRequired(store, paths.changesPack(p.name), 'the history index names it')),
  );
  const entries: string[] = [];
  packs.forEach((pack, k) => {
    const lines = packEntries(texts[k]);
    // A pack cut short, or longer than the index says, is no history to answer from.
    if (lines.length !== pack.end - pack.first)
      throw new StoreInconsistent(paths.changesPack(pack.name), 'it does not hold the entries the history index says');
    for (let i = Math.max(from, pack.first); i < Math.min(to, pack.end); i++) entries.push(lines[i - pack.first]);
  });
  return entries;
}
