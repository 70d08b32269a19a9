// The fights list's filters, listed once, drive its parameters, the key its cursors are bound to,
// next_page and the filter of the lists read whole: a filter is in all of them or in none.
import { describe, expect, it } from 'vitest';
import { ID_FILTERS, filterKey, passes, setFilterParams, type FightFilters } from '../../../../src/api/endpoints/fight-filters.ts';
import { listFights } from '../../../../src/api/endpoints/fights.ts';
import type { KeyedFight } from '../../../../src/store/layout.ts';

const fight: KeyedFight = { date: '2024-05-04T20:00:00', id: 'fight-1', division_id: 'welterweight', event_id: 'event-1', fighter_ids: ['a', 'b'], json: '{}' };
const all: FightFilters = { from: '2024-01-01', to: '2024-12-31', division_id: 'welterweight', event_id: 'event-1', fighter_id: 'b' };

describe('the fights filters', () => {
  it('are each a parameter of the fights list', () => {
    for (const name of Object.keys(ID_FILTERS)) expect(Object.keys(listFights.params.shape), name).toContain(name);
  });

  it('make the key cursors are bound to as cursors already made have it, so they keep working', () => {
    expect(filterKey(all)).toBe('["2024-01-01","2024-12-31","welterweight","event-1","b"]');
    expect(filterKey({})).toBe('[null,null,null,null,null]');
  });

  it('are each repeated by next_page, the days as data_from and date_to', () => {
    const params = new URLSearchParams();
    setFilterParams(all, params);
    expect(Object.fromEntries(params)).toEqual({ data_from: '2024-01-01', date_to: '2024-12-31', division_id: 'welterweight', event_id: 'event-1', fighter_id: 'b' });
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
