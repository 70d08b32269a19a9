// The fights list's filters, listed once, drive its parameters, the key its cursors are bound to,
// next_page and the filter of the lists read whole: a filter is in all of them or in none.
import { describe, expect, it } from 'vitest';
import { keyOver } from '../../../../src/api/endpoints/fight-filter-key.ts';
import {
  FILTER_NAMES,
  ID_FILTERS,
  filterKey,
  passes,
  sameFilters,
  setFilterParams,
  type FightFilters,
} from '../../../../src/api/endpoints/fight-filters.ts';
import { listFights } from '../../../../src/api/endpoints/fights.ts';
import type { KeyedFight } from '../../../../src/store/records/format.ts';

const fight: KeyedFight = {
  date: '2024-05-04T20:00:00',
  id: 'fight-1',
  division_id: 'welterweight',
  event_id: 'event-1',
  fighter_ids: ['a', 'b'],
  json: '{}',
};
const all: FightFilters = {
  from: '2024-01-01',
  to: '2024-12-31',
  division_id: 'welterweight',
  event_id: 'event-1',
  fighter_id: 'b',
};

describe('the fights filters', () => {
  it('are each a parameter of the fights list', () => {
    for (const name of Object.keys(ID_FILTERS)) expect(Object.keys(listFights.params.shape), name).toContain(name);
  });

  it('make the key cursors are bound to: the filters given, each by name, in the order of their names', () => {
    expect(filterKey(all)).toBe('division_id=welterweight&event_id=event-1&fighter_id=b&from=2024-01-01&to=2024-12-31');
    expect(filterKey({ to: '2024-12-31', division_id: 'welterweight', from: undefined })).toBe(
      'division_id=welterweight&to=2024-12-31',
    );
    expect(filterKey({})).toBe('');
  });

  it('make, with one more filter in the list, the same key for a request without it: cursors made before it still match', () => {
    const withTitle = keyOver([...FILTER_NAMES, 'title_id']);
    for (const q of [all, {}, { division_id: 'welterweight' }])
      expect(withTitle(q), JSON.stringify(q)).toBe(filterKey(q));
    expect(withTitle({ ...all, title_id: 'wbc' })).not.toBe(filterKey(all));
    // And a key made before a filter existed is the key of a request without it today.
    const beforeFighters = keyOver(FILTER_NAMES.filter((name) => name !== 'fighter_id'));
    expect(
      sameFilters(
        beforeFighters({ division_id: 'welterweight', to: '2024-12-31' }),
        filterKey({ division_id: 'welterweight', to: '2024-12-31' }),
      ),
    ).toBe(true);
  });

  it('read a key sealed by position, as cursors were before keys named their filters, as the same filters', () => {
    expect(sameFilters('["2024-01-01","2024-12-31","welterweight","event-1","b"]', filterKey(all))).toBe(true);
    expect(sameFilters('[null,null,null,null,null]', filterKey({}))).toBe(true);
    const welterweight = filterKey({ division_id: 'welterweight' });
    expect(sameFilters('[null,null,"welterweight",null,null]', welterweight)).toBe(true);
    for (const other of [
      '[null,null,"heavyweight",null,null]',
      '[null,null,null,null,null]',
      '[null,"welterweight",null,null,null]',
      '[null,null,"welterweight",null]',
      '[null,null,"welterweight",null,null,null]',
      '[null,null,"welterweight",null,1]',
      '[',
      '[]',
      '{}',
      'null',
      'division_id=heavyweight',
      'division_id=welterweight&fighter_id=b',
    ])
      expect(sameFilters(other, welterweight), other).toBe(false);
  });

  it('are each repeated by next_page, the days as data_from and date_to', () => {
    const params = new URLSearchParams();
    setFilterParams(all, params);
    expect(Object.fromEntries(params)).toEqual({
      data_from: '2024-01-01',
      date_to: '2024-12-31',
      division_id: 'welterweight',
      event_id: 'event-1',
      fighter_id: 'b',
    });
  });

  it('each keep, in a list read whole, the fights that hold the id, within the days', () => {
    expect(passes(all)(fight)).toBe(true);
    expect(passes({ from: undefined, to: undefined })(fight)).toBe(true);
    for (const name of Object.keys(ID_FILTERS) as Array<keyof typeof ID_FILTERS>)
      expect(passes({ ...all, [name]: 'other' })(fight), name).toBe(false);
    expect(passes({ ...all, from: '2024-05-05' })(fight)).toBe(false);
    expect(passes({ ...all, to: '2024-05-03' })(fight)).toBe(false);
    expect(passes({ from: '2024-05-04', to: '2024-05-04' })(fight)).toBe(true);
  });
});
