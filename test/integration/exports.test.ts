// The exports as the store holds them: every collection's records, one a line as the API returns
// each, in the order of its default list, in gzip parts of bounded size named by their SHA-256;
// the same bytes from the same records on any machine; and part boundaries set by the records
// themselves, so that an edit, an insertion at the head of a list or a removal changes one or two
// parts and leaves every other part's name as it was.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveDataset } from '../../src/content/resolve.ts';
import type { ContentRecords } from '../../src/content/schemas.ts';
import { endsExportRun, exportSpacing, readListing, type StoredExport } from '../../src/store/exports/format.ts';
import { paths } from '../../src/store/layout.ts';
import { readKeyed } from '../../src/store/pack/format.ts';
import { recordOf } from '../../src/store/pack/shapes.ts';
import { fnv1a } from '../../src/shared/hash.ts';
import { GZIP_HEADER, gzip, gzipOffThread } from '../../src/store/exports/gzip.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { TEST_EXPORT_PART_BYTES } from '../helpers/export-part.ts';
import { memoryStore } from '../helpers/memory-store.ts';
import { loadContent, loadRecords } from '../helpers/reference.ts';
import { builtSite } from '../helpers/site.ts';
import { hashedPacks, sortedRecords } from '../helpers/store-lists.ts';

const dist = () => builtSite();
const built = (file: string) => readFileSync(path.join(dist(), file));
const listing = () => readListing(built(paths.exportListing).toString('utf8'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const linesOf = (gz: Uint8Array) => gunzipSync(gz).toString('utf8').split('\n').slice(0, -1);
const exportOf = (collection: string) => listing().exports.find((e) => e.collection === collection)!;
const partPath = (collection: string, name: string) => paths.exportPart(collection, name);

describe('gzip', () => {
  it('writes a fixed header (no time, no name, no operating system) and the same bytes for the same data', () => {
    const data = Buffer.from('{"id":"a"}\n'.repeat(1000));
    const [a, b] = [gzip(data), gzip(data)];
    expect(Buffer.from(a.subarray(0, 10))).toEqual(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(gunzipSync(a).equals(data)).toBe(true);
    // Node's own gzip names the machine's operating system in its header: not ours.
    expect(gzipSync(data)[9]).not.toBe(0xff);
  });

  it('gives the same bytes compressed off the calling thread (a build) as on it (an update)', async () => {
    // Varied enough that deflate's choices matter: records of differing lengths and fields.
    const data = Buffer.from(
      Array.from(
        { length: 20_000 },
        (_, i) => `{"id":"r-${i}","n":${(i * 7919) % 1013},"s":"${'ab'.repeat(i % 50)}"}\n`,
      ).join(''),
    );
    expect(Buffer.from(await gzipOffThread(data)).equals(Buffer.from(gzip(data)))).toBe(true);
  });

  it('starts every built part with that header', () => {
    for (const e of listing().exports)
      for (const p of e.parts)
        expect(Buffer.from(built(partPath(e.collection, p.name)).subarray(0, 10)), p.name).toEqual(
          Buffer.from(GZIP_HEADER),
        );
  });
});

describe('the built exports', () => {
  it("list every collection, in the specification's order, each part with its records, bytes and SHA-256, and the build's day", () => {
    const { header, exports } = listing();
    expect(header).toEqual({ part_bytes: TEST_EXPORT_PART_BYTES, as_of: TEST_AS_OF });
    expect(exports.map((e) => e.collection)).toEqual([
      'fights',
      'events',
      'fighters',
      'divisions',
      'organizations',
      'titles',
      'rankings',
    ]);
    for (const e of exports) {
      expect(e.records, e.collection).toBe(e.parts.reduce((n, p) => n + p.records, 0));
      expect(e.bytes, e.collection).toBe(e.parts.reduce((n, p) => n + p.bytes, 0));
      for (const p of e.parts) {
        const file = built(partPath(e.collection, p.name));
        expect([file.length, sha256(file), sha256(file).slice(0, 16)], p.name).toEqual([p.bytes, p.sha256, p.name]);
        const lines = linesOf(file);
        expect(lines, p.name).toHaveLength(p.records);
        // At most the limit of NDJSON, one line ended by one line break each.
        expect(gunzipSync(file).length, p.name).toBeLessThanOrEqual(TEST_EXPORT_PART_BYTES);
      }
    }
    // The test build's limit cuts the larger collections into several parts.
    for (const collection of ['fights', 'events', 'fighters'])
      expect(exportOf(collection).parts.length, collection).toBeGreaterThan(2);
  });

  it("hold each collection's records as the API returns each, in the order of its default list", async () => {
    const all = (e: StoredExport) => e.parts.flatMap((p) => linesOf(built(partPath(e.collection, p.name))));
    const reference = await loadRecords();
    const fights = all(exportOf('fights'));
    // Newest first, as the fights list; each line the get-one record's text, byte for byte.
    expect(fights.map((l) => JSON.parse(l).id)).toEqual(reference.fights.map((f) => f.id).reverse());
    const packOf = hashedPacks(dist(), { resource: 'fights' });
    for (const line of [fights[0], fights[1234], fights.at(-1)!]) {
      const { id } = JSON.parse(line) as { id: string };
      const pack = readKeyed(built(packOf(id)).toString('utf8'));
      expect(line).toBe(recordOf(pack.find(id)!, pack.shapes));
    }
    expect(all(exportOf('events')).map((l) => JSON.parse(l).id)).toEqual(reference.events.map((e) => e.id).reverse());
    // Fighters by name, as their list (its packs hold it in that order).
    expect(all(exportOf('fighters'))).toEqual(sortedRecords(dist(), { resource: 'fighters' }));
    // The small ones as their complete lists.
    for (const collection of ['divisions', 'organizations', 'titles'] as const)
      expect(all(exportOf(collection)), collection).toEqual(
        readKeyed(built(paths.all(collection)).toString('utf8'))
          .all()
          .map(([, record]) => record),
      );
    const rankings = Array.from({ length: 17 }, (_, i) =>
      built(paths.rankingsPage(i + 1, null))
        .toString('utf8')
        .split('\n')
        .slice(1),
    ).flat();
    expect(all(exportOf('rankings'))).toEqual(rankings);
  });

  it("and the health file says the build's day and each collection's size", () => {
    const health = JSON.parse(built(paths.health).toString('utf8'));
    expect(health).toEqual({
      status: 'ok',
      as_of: TEST_AS_OF,
      records: Object.fromEntries(listing().exports.map((e) => [e.collection, e.records])),
    });
  });
});

describe('part boundaries', () => {
  /** Each collection's part names in a memory store of the content, cut as the test build cuts. */
  async function partNames(content: ContentRecords): Promise<Map<string, string[]>> {
    const store = await memoryStore(resolveDataset(content, TEST_AS_OF), { partBytes: TEST_EXPORT_PART_BYTES });
    const { exports } = readListing((await store.read(paths.exportListing))!);
    return new Map(exports.map((e) => [e.collection, e.parts.map((p) => p.name)]));
  }
  const differing = (a: string[], b: string[]) => [
    ...a.filter((n) => !b.includes(n)),
    ...b.filter((n) => !a.includes(n)),
  ];

  it('fall after records whose id hashes so, spaced for a quarter of a part of typical records', () => {
    const spacing = exportSpacing(TEST_EXPORT_PART_BYTES);
    expect(spacing).toBe(64);
    const ends = Array.from({ length: 100_000 }, (_, i) =>
      endsExportRun(fnv1a(`fight-${String(i).padStart(6, '0')}`), spacing),
    ).filter(Boolean).length;
    // About one in `spacing`, for ids that differ only in their last digits.
    expect(ends).toBeGreaterThan(100_000 / spacing / 1.2);
    expect(ends).toBeLessThan((100_000 / spacing) * 1.2);
  });

  it('change one or two parts for an edited, an inserted (at the head of the list) or a removed fight, and no other', async () => {
    const content = await loadContent();
    const before = await partNames(content);
    const fights = before.get('fights')!;
    expect(fights.length).toBeGreaterThan(10);

    const i = content.fights.findIndex((f) => f.id === 'fight-001500');
    const edited = {
      ...content,
      fights: content.fights.map((f, k) => (k === i ? { ...f, title: 'An Edited Title' } : f)),
    };
    // Newest of all: the first record of the fights' export, where a count-based cut would shift every part after it.
    const newest = { ...content.fights[i], id: 'fight-newest', date: '2035-01-01T20:00:00' };
    const inserted = { ...content, fights: [...content.fights, newest] };
    const removed = { ...content, fights: content.fights.filter((f) => f.id !== 'fight-000800') };
    for (const [what, changed] of [
      ['edited', edited],
      ['inserted', inserted],
      ['removed', removed],
    ] as const) {
      const after = await partNames(changed);
      const gone = fights.filter((n) => !after.get('fights')!.includes(n));
      expect(gone.length, what).toBeGreaterThanOrEqual(1);
      expect(gone.length, what).toBeLessThanOrEqual(2);
      for (const collection of ['events', 'fighters', 'divisions', 'organizations', 'titles', 'rankings'])
        expect(differing(before.get(collection)!, after.get(collection)!), `${what} ${collection}`).toEqual([]);
    }
  });
});
