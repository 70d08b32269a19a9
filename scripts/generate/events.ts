// Event dates, places and broadcasts. Titles are set after the fights are drawn, since they name
// the main event.
import type { Progress } from '../../src/pipeline/progress.ts';
import type { EventRecord } from '../../src/content/schemas.ts';
import { eventId } from './ids.ts';
import { Rng, WeightedTable } from './random.ts';
import { BROADCASTERS, FOREIGN_MARKETS, PROMOTERS, VENUES, type Venue } from './venues.ts';
import { DAY_SECONDS, dayNumber, formatMicros, monthBounds, monthOfDay, randomStamp } from './time.ts';

export const FIRST_DAY = dayNumber('2005-01-01');
export const LAST_DAY = dayNumber('2031-12-31');

export interface Event {
  id: string;
  day: number;
  /** Start, epoch seconds. */
  start: number;
  /** When the event was announced, epoch seconds (before the as-of day). */
  created: number;
  venue: Venue;
  promoter: string;
  broadcast: EventRecord['broadcast'];
  poster: boolean;
  updated_at: string;
  title: string;
}

export function eventCount(fights: number): number {
  return Math.max(300, Math.round(fights * 0.12));
}

/** Days that must have an event: the as-of day itself, then one day in every later month to 2031-12. */
export function requiredDays(rng: Rng | null, asOfDay: number): number[] {
  const days = [asOfDay];
  for (let m = monthOfDay(asOfDay) + 1; m <= monthOfDay(LAST_DAY); m++) {
    const [first, last] = monthBounds(m);
    days.push(rng ? rng.int(first, last) : first);
  }
  return days;
}

/** Event days: the required ones, then mostly the past, a dense stretch around as-of, and the future. */
function eventDays(rng: Rng, count: number, asOfDay: number): number[] {
  const days = requiredDays(rng, asOfDay);
  const rest = count - days.length;
  const future = asOfDay < LAST_DAY ? Math.round(rest * 0.08) : 0;
  const dense = Math.round(rest * 0.15);
  const past = rest - future - dense;
  for (let i = 0; i < past; i++) days.push(rng.int(FIRST_DAY, asOfDay - 1));
  for (let i = 0; i < dense; i++)
    days.push(rng.int(Math.max(FIRST_DAY, asOfDay - 90), Math.min(LAST_DAY, asOfDay + 90)));
  for (let i = 0; i < future; i++) days.push(rng.int(asOfDay + 1, LAST_DAY));
  return days;
}

function pickBroadcast(rng: Rng, home: string): EventRecord['broadcast'] {
  const countries = [home];
  const extra = rng.weighted([
    [0, 35],
    [1, 45],
    [2, 20],
  ] as const);
  for (let i = 0; i < 8 && countries.length < 1 + extra; i++) {
    const c = rng.weighted(FOREIGN_MARKETS);
    if (!countries.includes(c)) countries.push(c);
  }
  return countries
    .filter((c) => BROADCASTERS[c])
    .map((country) => {
      const names = rng.shuffled(BROADCASTERS[country]).slice(0, rng.chance(0.35) ? 2 : 1);
      return { country, broadcasters: names };
    });
}

/** Events in date order (ids follow it), without titles. */
export function makeEvents(seed: number, count: number, asOfDay: number, progress: Progress): Event[] {
  const phase = progress.phase('making events', count);
  const rng = new Rng(seed, 'events');
  const venueTable = new WeightedTable(VENUES.map((venue) => [venue, venue.weight] as const));
  const slots = eventDays(rng, count, asOfDay).map((day) => ({ day, minutes: 17 * 60 + 30 * rng.int(0, 6) }));
  slots.sort((a, b) => a.day - b.day || a.minutes - b.minutes);
  const asOfStart = asOfDay * DAY_SECONDS;

  const events = slots.map(({ day, minutes }, i): Event => {
    phase.tick();
    const venue = venueTable.draw(rng);
    const start = day * DAY_SECONDS + minutes * 60;
    // Announced 3-20 weeks ahead; edited after the night, but never after the as-of day.
    const created = Math.min(start - rng.int(21, 140) * DAY_SECONDS, asOfStart - rng.int(1, 30) * DAY_SECONDS);
    let updated: string;
    if (day < asOfDay) {
      const after = rng.chance(0.1) ? rng.int(1, 365) * DAY_SECONDS : rng.int(2 * 3600, 72 * 3600);
      updated = formatMicros(Math.min(start + after, asOfStart - rng.int(1, 3600)), rng.int(0, 999_999));
    } else updated = randomStamp(rng, created, asOfStart);
    return {
      id: eventId(i + 1, count),
      day,
      start,
      created,
      venue,
      promoter: rng.pick(PROMOTERS[venue.country] ?? PROMOTERS['United States']),
      broadcast: pickBroadcast(rng, venue.country),
      poster: rng.chance(0.9),
      updated_at: updated,
      title: '',
    };
  });
  phase.done();
  return events;
}

/** "Top Rank: Navarro vs. Okafor", plain "Navarro vs. Okafor", or a branded fight night. */
export function titleEvents(seed: number, events: Event[], mainEvents: Map<string, [string, string]>): void {
  const rng = new Rng(seed, 'event-titles');
  for (const e of events) {
    const [a, b] = mainEvents.get(e.id)!;
    const style = rng.weighted([
      ['promoted', 65],
      ['plain', 20],
      ['branded', 15],
    ] as const);
    if (style === 'promoted') e.title = `${e.promoter}: ${a} vs. ${b}`;
    else if (style === 'plain') e.title = `${a} vs. ${b}`;
    else e.title = `${e.promoter} Fight Night: ${e.venue.city}`;
  }
}

export function eventRecord(e: Event, formatDate: (s: number) => string): EventRecord {
  return {
    id: e.id,
    title: e.title,
    date: formatDate(e.start),
    location: e.venue.location,
    venue: e.venue.venue,
    broadcast: e.broadcast,
    poster_image_url: e.poster ? `https://images.example.com/posters/${e.id}.jpg` : null,
    updated_at: e.updated_at,
  };
}
