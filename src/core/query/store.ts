// Read access to built files. Hosts supply `read`; the query code never knows where files live.

export interface Store {
  /** The text of a built file, or null when there is no such file. */
  read(path: string): Promise<string | null>;
}

export async function readJson<T>(store: Store, path: string): Promise<T | null> {
  const text = await store.read(path);
  return text === null ? null : (JSON.parse(text) as T);
}

export type { DaysIndex, ListCount, YearsIndex } from '../../schemas/store.ts';
