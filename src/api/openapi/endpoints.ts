// What the API's description says about each resource and endpoint beyond its parameters: its
// summary, its meaning (the specification's words) and the record its answer holds.
import type { z } from 'zod';
import { Division, Event, Fight, Fighter, Organization, Ranking, ScheduledEvent, Title } from '../../records/schemas.ts';
import type { ErrorName } from '../errors.ts';
import type { Endpoint, Resource } from '../routes.ts';
import { OFFSET_CEILING, spelled } from '../limits.ts';

interface ResourceDoc {
  /** Tag name in the description. */
  tag: string;
  about: string;
  /** The record of its answers, with the name the description gives it. */
  record: { name: string; schema: z.ZodType };
  /** One record in a sentence ("a fight"). */
  one: string;
}

export const RESOURCE_DOCS: Record<Resource, ResourceDoc> = {
  fights: {
    tag: 'Fights',
    about: 'Single bouts between two boxers. Each fight has a division and, when belts are at stake, a list of titles.',
    record: { name: 'Fight', schema: Fight },
    one: 'a fight',
  },
  events: {
    tag: 'Events',
    about: 'Fight cards: collections of bouts organised by a promotion company.',
    record: { name: 'Event', schema: Event },
    one: 'an event',
  },
  fighters: {
    tag: 'Fighters',
    about: 'Boxer profiles with personal details, physical attributes and career statistics.',
    record: { name: 'Fighter', schema: Fighter },
    one: 'a fighter',
  },
  divisions: {
    tag: 'Divisions',
    about: 'Weight classes, with a maximum weight in pounds and kilograms. Division ids filter fights, fighters, titles and rankings.',
    record: { name: 'Division', schema: Division },
    one: 'a division',
  },
  organizations: {
    tag: 'Organizations',
    about: 'Sanctioning bodies that award titles.',
    record: { name: 'Organization', schema: Organization },
    one: 'an organization',
  },
  titles: {
    tag: 'Titles',
    about: 'Championship belts. Each belongs to one organization and one division.',
    record: { name: 'Title', schema: Title },
    one: 'a title',
  },
  rankings: {
    tag: 'Rankings',
    about:
      'Official contender standings of the four major sanctioning bodies across 17 weight classes, with the current ' +
      'champions and interim or regular belt holders: one record per organization and division.',
    record: { name: 'Ranking', schema: Ranking },
    one: 'a ranking',
  },
};

interface EndpointDoc {
  summary: string;
  description: string;
  /** The record of this endpoint's answers when it is not its resource's. */
  record?: { name: string; schema: z.ZodType };
  /** Errors of its own, besides those of its parameters. */
  errors?: ErrorName[];
}

const LISTS: Partial<Record<Resource, EndpointDoc>> = {
  fights: {
    summary: 'List fights',
    description:
      `Fights by date (newest first unless date_sort=ASC), then id. Browse by page_num up to an offset of ${spelled(OFFSET_CEILING)} ` +
      'records; beyond that, and for bulk export, follow pagination.next_page, a ready-to-use URL with a cursor ' +
      '(null on the last page). On the cursor path total_items and total_pages are 0.',
    errors: ['PageLimitExceeded'],
  },
  events: { summary: 'List events', description: 'Events by date (newest first unless date_sort=ASC), then id.' },
  fighters: { summary: 'List fighters', description: 'Fighters by name, ignoring case and accents, then id.' },
  divisions: {
    summary: 'List divisions',
    description: 'The complete list of supported weight classes in one page, heaviest first. Takes no parameters.',
  },
  organizations: { summary: 'List organizations', description: 'Every organization in one page, by id. Takes no parameters.' },
  titles: {
    summary: 'List titles',
    description: 'Every title in one page: by organization, division (heaviest first), then full, regular, interim.',
  },
  rankings: {
    summary: 'List rankings',
    description:
      'Paginated by weight class: one page holds one division across the four organizations (4 records), 17 pages ' +
      'in all, heaviest first (page 1 Heavyweight, page 17 Minimumweight). organization_id narrows each page to one ' +
      'record (17 pages of 1); division_id returns that division directly as page 1 of 1.',
  },
};

export function endpointDoc(endpoint: Endpoint): EndpointDoc {
  const resource = RESOURCE_DOCS[endpoint.resource];
  switch (endpoint.kind) {
    case 'list':
      return LISTS[endpoint.resource]!;
    case 'one':
      return {
        summary: `Get ${resource.one}`,
        description: `One ${resource.record.name.toLowerCase()} by id; pagination is page 1 of 1 with one item.`,
      };
    case 'schedule':
      return {
        summary: `${resource.tag} schedule`,
        description:
          `${resource.tag} dated from the start of the current UTC day through the end of the day \`days\` from ` +
          'now, newest first unless date_sort=ASC.' +
          (endpoint.resource === 'events' ? ' Schedule records carry no `broadcast`.' : ' The embedded event carries the card\'s own date, which may differ from the fight\'s.'),
        ...(endpoint.resource === 'events' ? { record: { name: 'ScheduledEvent', schema: ScheduledEvent } } : {}),
      };
  }
}
