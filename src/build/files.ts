// Resolved records -> every built file: get-one files, default list pages, the small lists and
// their filter combinations, rankings pages, and the indexes the handler computes answers from.
// Pure, and the output depends on the records alone, so unchanged content rebuilds byte for byte.
import type { Dataset } from '../core/resolve.ts';
import { allOf, pageOf, serializeStored, singleOf, type StoredBody } from '../core/envelope.ts';
import { CHUNK_SIZE, DEFAULT_PAGE_SIZE, PART_SIZE, gramSegment, paths, type ListResource } from '../core/layout.ts';
import type { DaysIndex, FighterPosting, FightPosting, PartsIndex, Posting, YearsIndex } from '../schemas/store.ts';
import { OFFSET_CEILING, nextPagePath } from '../core/query/fights.ts';
import { gramsOf, searchText } from '../core/query/fighters.ts';
import { chunkText } from '../core/query/records.ts';
import type { Query } from '../core/params.ts';

export interface BuiltFile {
  /** Site path, e.g. /store/fights/items/3f/fight-000001.json */
  path: string;
  body: string;
}

type Emit = (path: string, value: unknown) => void;

export function builtFiles(ds: Dataset): BuiltFile[] {
  const files: BuiltFile[] = [];
  const emit: Emit = (path, value) => files.push({ path, body: typeof value === 'string' ? value : JSON.stringify(value) });
  const stored = (path: string, body: Parameters<typeof serializeStored>[0]) => emit(path, serializeStored(body));

  for (const resource of ['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles'] as const)
    for (const record of ds[resource]) stored(paths.item(resource, record.id), singleOf(record));
  for (const resource of ['divisions', 'organizations', 'titles'] as const)
    stored(paths.all(resource), allOf<unknown>(ds[resource]));

  titleCombinations(ds, stored);
  rankingPages(ds, stored);
  listPages('fights', [...ds.fights].reverse(), stored, OFFSET_CEILING / DEFAULT_PAGE_SIZE);
  listPages('events', [...ds.events].reverse(), stored);
  listPages('fighters', ds.fighters, stored);
  chunks('fights', ds.fights, emit);
  chunks('events', ds.events, emit);
  chunks('fighters', ds.fighters, emit);
  dateIndex('fights', ds.fights, emit);
  dateIndex('events', ds.events, emit);
  fightPostings(ds, emit);
  fighterPostings(ds, emit);
  return files;
}

type Stored = (path: string, body: Parameters<typeof serializeStored>[0]) => void;

function titleCombinations(ds: Dataset, stored: Stored) {
  for (const org of [null, ...ds.organizations.map((o) => o.id)])
    for (const div of [null, ...ds.divisions.map((d) => d.id)]) {
      if (org === null && div === null) continue;
      const titles = ds.titles.filter((t) => (org === null || t.organization.id === org) && (div === null || t.division.id === div));
      stored(paths.titles(org, div), allOf(titles));
    }
}

/**
 * One page per division (heaviest first), each with one record per organization. Totals are
 * counted, not multiplied out: the pages are the divisions, the items the rankings there are.
 */
function rankingPages(ds: Dataset, stored: Stored) {
  const orgs = ds.organizations.map((o) => o.id);
  const pages = ds.divisions.length;
  const byDivision = (page: number, data: Dataset['rankings'], totalItems: number): StoredBody<Dataset['rankings']> => ({
    pagination: { page, items: data.length, total_pages: pages, total_items: totalItems },
    error: {},
    data,
  });
  ds.divisions.forEach((division, i) => {
    const page = ds.rankings.filter((r) => r.division.id === division.id);
    stored(paths.rankingsPage(i + 1, null), byDivision(i + 1, page, ds.rankings.length));
    stored(paths.rankingsDivision(division.id, null), pageOf(page, 1, Math.max(page.length, 1), page.length));
    for (const org of orgs) {
      const one = page.filter((r) => r.organization.id === org);
      stored(paths.rankingsPage(i + 1, org), byDivision(i + 1, one, ds.rankings.filter((r) => r.organization.id === org).length));
      stored(paths.rankingsDivision(division.id, org), pageOf(one, 1, 1, one.length));
    }
  });
}

const DEFAULT_QUERY: Query = { page_num: 1, page_size: DEFAULT_PAGE_SIZE, date_sort: 'DESC', days: 30 };

/** The default view of a list, page by page; at least one (possibly empty) page. */
function listPages<T extends { id: string }>(resource: ListResource, ordered: T[], stored: Stored, maxPages = Infinity) {
  const total = ordered.length;
  const pages = Math.min(Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)), maxPages);
  for (let n = 1; n <= pages; n++) {
    const data = ordered.slice((n - 1) * DEFAULT_PAGE_SIZE, n * DEFAULT_PAGE_SIZE);
    let next: string | null | undefined;
    if (resource === 'fights') {
      const last = data[data.length - 1] as unknown as { date: string; id: string } | undefined;
      next = last && n * DEFAULT_PAGE_SIZE < total ? nextPagePath(DEFAULT_QUERY, last, n + 1) : null;
    }
    stored(paths.page(resource, n), pageOf(data, n, DEFAULT_PAGE_SIZE, total, next));
  }
  stored(paths.count(resource), { total_items: total } as never);
}

/** A list in canonical order, CHUNK_SIZE records per chunk, one record per line. */
function chunks(resource: ListResource, ordered: unknown[], emit: Emit) {
  for (let k = 0; k * CHUNK_SIZE < ordered.length; k++)
    emit(paths.chunk(resource, k), chunkText(ordered.slice(k * CHUNK_SIZE, (k + 1) * CHUNK_SIZE)));
}

/** Where each year and each day starts in a date-sorted list. */
function dateIndex(resource: 'fights' | 'events', ascending: Array<{ date: string }>, emit: Emit) {
  const years: YearsIndex = { total: ascending.length, years: [] };
  let days: DaysIndex = [];
  ascending.forEach((r, position) => {
    const day = r.date.slice(0, 10);
    const year = Number(day.slice(0, 4));
    const current = years.years[years.years.length - 1];
    if (!current || current[0] !== year) {
      if (current) emit(paths.days(resource, current[0]), days);
      years.years.push([year, position, 0]);
      days = [];
    }
    years.years[years.years.length - 1][2]++;
    if (days.length === 0 || days[days.length - 1][0] !== day) days.push([day, position]);
  });
  const last = years.years[years.years.length - 1];
  if (last) emit(paths.days(resource, last[0]), days);
  emit(paths.years(resource), years);
}

function group<P extends Posting>(postings: Iterable<[string, P]>): Map<string, P[]> {
  const groups = new Map<string, P[]>();
  for (const [key, p] of postings) {
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  return groups;
}

function emitParts(resource: ListResource, field: string, key: string, postings: Posting[], emit: Emit) {
  const index: PartsIndex = [];
  for (let i = 0; i * PART_SIZE < postings.length; i++) {
    const part = postings.slice(i * PART_SIZE, (i + 1) * PART_SIZE);
    index.push([part[0][0], part[part.length - 1][0], part.length]);
    emit(paths.part(resource, field, key, i), part);
  }
  emit(paths.parts(resource, field, key), index);
}

function fightPostings(ds: Dataset, emit: Emit) {
  const postings: FightPosting[] = ds.fights.map((f, position) => [
    position, f.id, f.division.id, f.event.id, f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id,
  ]);
  for (const [id, list] of group(postings.map((p) => [p[3], p]))) emit(paths.postings('fights', 'event', id), list);
  const byFighter = group(postings.flatMap((p): Array<[string, FightPosting]> => [[p[4], p], [p[5], p]]));
  for (const [id, list] of byFighter) emit(paths.postings('fights', 'fighter', id), list);
  for (const [id, list] of group(postings.map((p) => [p[2], p])))
    emitParts('fights', 'division', id, list.map(([position, fightId]) => [position, fightId]), emit);
}

function fighterPostings(ds: Dataset, emit: Emit) {
  const postings: FighterPosting[] = ds.fighters.map((f, rank) => [rank, f.id, f.division.id, searchText(f)]);
  for (const [id, list] of group(postings.map((p) => [p[2], p]))) emitParts('fighters', 'division', id, list, emit);
  const held = postings.flatMap((p, i): Array<[string, FighterPosting]> => ds.fighters[i].titles.map((t) => [t.id, p]));
  for (const [id, list] of group(held)) emit(paths.postings('fighters', 'title', id), list);
  const byGram = group(postings.flatMap((p): Array<[string, FighterPosting]> => [...gramsOf(p[3])].map((g) => [g, p])));
  for (const [gram, list] of byGram) emitParts('fighters', 'gram', gramSegment(gram), list, emit);
}
