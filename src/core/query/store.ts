// Read access to built files. Hosts supply `read`; the query code never knows where files live.

export interface Store {
  /** The text of a built file, or null when there is no such file. */
  read(path: string): Promise<string | null>;
}

export async function readJson<T>(store: Store, path: string): Promise<T | null> {
  const text = await store.read(path);
  return text === null ? null : (JSON.parse(text) as T);
}

/** years.json: [year, first position, count] for each year that has records. */
export interface YearsIndex {
  total: number;
  years: Array<[year: number, start: number, count: number]>;
}

/** <year>.json: [day, first position] for each day of the year that has records. */
export type DaysIndex = Array<[day: string, start: number]>;

export interface ListCount {
  total_items: number;
}
