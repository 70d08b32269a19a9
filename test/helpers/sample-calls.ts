// One call of every MCP tool, and the API path with the same parameters, written out apart from
// the code that turns one into the other: the tests compare the two answers on every host, and
// the MCP benchmark times both.

/** Ids of records of a built site, from the lists' first pages. */
export interface SampleIds {
  fight: string;
  event: string;
  fighter: string;
  title: string;
}

/** One call of every tool, and the API path with the same parameters, written out apart from the code that turns one into the other. */
export function sampleCalls(ids: SampleIds): Array<{ tool: string; args: Record<string, unknown>; path: string }> {
  return [
    {
      tool: 'list_fights',
      args: { division_id: 'welterweight', date_sort: 'ASC', page_size: 7 },
      path: '/v2/fights/?division_id=welterweight&date_sort=ASC&page_size=7',
    },
    { tool: 'get_fight', args: { fight_id: ids.fight }, path: `/v2/fights/${ids.fight}` },
    { tool: 'fights_schedule', args: { days: 60, page_size: 5 }, path: '/v2/fights/schedule?days=60&page_size=5' },
    {
      tool: 'list_events',
      args: { status: 'not_started', date_sort: 'ASC' },
      path: '/v2/events/?status=not_started&date_sort=ASC',
    },
    { tool: 'get_event', args: { event_id: ids.event }, path: `/v2/events/${ids.event}` },
    { tool: 'events_schedule', args: { days: 60 }, path: '/v2/events/schedule?days=60' },
    {
      tool: 'list_fighters',
      args: { name: 'ali', page_size: 3, page_num: 2 },
      path: '/v2/fighters/?name=ali&page_size=3&page_num=2',
    },
    { tool: 'get_fighter', args: { fighter_id: ids.fighter }, path: `/v2/fighters/${ids.fighter}` },
    { tool: 'list_divisions', args: {}, path: '/v2/divisions/' },
    { tool: 'get_division', args: { division_id: 'heavyweight' }, path: '/v2/divisions/heavyweight' },
    { tool: 'list_organizations', args: {}, path: '/v2/organizations/' },
    { tool: 'get_organization', args: { organization_id: 'wbc' }, path: '/v2/organizations/wbc' },
    {
      tool: 'list_titles',
      args: { organization_id: 'wba', division_id: 'heavyweight' },
      path: '/v2/titles/?organization_id=wba&division_id=heavyweight',
    },
    { tool: 'get_title', args: { title_id: ids.title }, path: `/v2/titles/${ids.title}` },
    {
      tool: 'rankings',
      args: { page_num: 7, organization_id: 'ibf' },
      path: '/v2/rankings/?page_num=7&organization_id=ibf',
    },
    { tool: 'list_exports', args: {}, path: '/v2/exports/' },
    { tool: 'list_changes', args: {}, path: '/v2/changes/' },
  ];
}
