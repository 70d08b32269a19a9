// Content records -> API records: references become the embedded shapes of the spec, derived
// fields are computed, and every collection is put in its canonical order. Pure: the caller
// supplies the day that ages are computed for.
import type {
  ContentRecords,
  DivisionRecord,
  EventRecord,
  FighterRecord,
  FightRecord,
  RankingRecord,
  TitleRecord,
} from './schemas.ts';
import type {
  Division,
  Event,
  Fight,
  FightEvent,
  Fighter,
  Organization,
  Ranking,
  Title,
  TitleRef,
} from '../records/schemas.ts';
import type { Dataset } from '../records/dataset.ts';
import { COUNTRIES } from './countries.ts';
import { RANKING_GENDER } from '../records/common.ts';
import { ageOn } from '../shared/dates.ts';
import { heightFields, reachFields } from './measurements.ts';
import { compareStrings, foldText } from '../shared/text.ts';

const TITLE_TYPE_ORDER = { full: 0, regular: 1, interim: 2 } as const;

export function byDateThenId(a: { date: string; id: string }, b: { date: string; id: string }): number {
  return compareStrings(a.date, b.date) || compareStrings(a.id, b.id);
}

/** Heaviest first; heavyweight (no limit) leads. */
function compareDivisions(a: DivisionRecord, b: DivisionRecord): number {
  const wa = a.weight_lb ?? Infinity;
  const wb = b.weight_lb ?? Infinity;
  return wb - wa || compareStrings(a.id, b.id);
}

function indexById<T extends { id: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

/** A fighter's names as fights show them. */
export type FighterNames = (id: string) => { name: string; full_name: string };

/**
 * The small collections resolved and put in order, and what the large ones need of them. Fighters
 * are asked for by id only for the holders the rankings name.
 */
export function resolveSmall(
  content: Pick<ContentRecords, 'divisions' | 'organizations' | 'titles' | 'rankings'>,
  fighterNames: FighterNames,
) {
  const divisionRecords = [...content.divisions].sort(compareDivisions);
  const divisionOrder = new Map(divisionRecords.map((d, i) => [d.id, i]));
  const divisions: Division[] = divisionRecords.map(({ id, name, weight_lb, weight_kg }) => ({
    id,
    name,
    weight_lb,
    weight_kg,
  }));
  const divisionById = indexById(divisions);

  const organizations: Organization[] = [...content.organizations]
    .sort((a, b) => compareStrings(a.id, b.id))
    .map(({ id, name, slug }) => ({ id, name, slug }));
  const organizationById = indexById(organizations);

  const titleRecords = [...content.titles].sort(
    (a, b) =>
      compareStrings(a.organization_id, b.organization_id) ||
      divisionOrder.get(a.division_id)! - divisionOrder.get(b.division_id)! ||
      TITLE_TYPE_ORDER[a.type] - TITLE_TYPE_ORDER[b.type] ||
      compareStrings(a.id, b.id),
  );
  const titles: Title[] = titleRecords.map((t) => ({
    id: t.id,
    name: t.name,
    division: divisionById.get(t.division_id)!,
    organization: organizationById.get(t.organization_id)!,
  }));
  const titleById = indexById(titleRecords);
  const titleRef = (id: string): TitleRef => ({ name: titleById.get(id)!.name, id });

  const rankings = resolveRankings(
    content.rankings,
    titleRecords,
    fighterNames,
    divisionById,
    organizationById,
    divisionOrder,
  );
  const titlesHeld = titlesHeldByFighter(rankings, titleRef);
  return { divisions, divisionById, organizations, titles, titleRef, rankings, titlesHeld };
}

export type Small = ReturnType<typeof resolveSmall>;

/** Assumes records passed validation: every reference resolves. */
export function resolveDataset(content: ContentRecords, asOfDay: string): Dataset {
  const fighterById = indexById(content.fighters);
  const fighterNames: FighterNames = (id) => fighterById.get(id)!;
  const small = resolveSmall(content, fighterNames);
  const { divisions, organizations, titles, rankings } = small;

  const fighters = [...content.fighters]
    .map((f) => ({ key: foldText(f.name), fighter: resolveFighter(f, asOfDay, small) }))
    .sort((a, b) => compareStrings(a.key, b.key) || compareStrings(a.fighter.id, b.fighter.id))
    .map((x) => x.fighter);

  const events = [...content.events].sort(byDateThenId).map(resolveEvent);
  const eventById = new Map(content.events.map((e) => [e.id, eventOfFight(e)]));
  const fights = [...content.fights]
    .sort(byDateThenId)
    .map((f) => resolveFight(f, eventById.get(f.event_id)!, fighterNames, small));
  return { divisions, organizations, titles, fighters, events, fights, rankings };
}

export function resolveEvent(e: EventRecord): Event {
  return {
    id: e.id,
    title: e.title,
    date: e.date,
    location: e.location,
    venue: e.venue,
    broadcasters: e.broadcast.flatMap(({ country, broadcasters }) => broadcasters.map((name) => ({ [country]: name }))),
    broadcast: e.broadcast.map(({ country, broadcasters }) => ({ country, broadcasters: [...broadcasters] })),
    poster_image_url: e.poster_image_url,
    updated_at: e.updated_at,
  };
}

function toFightEvent(e: Event): FightEvent {
  const { title, date, location, broadcasters, id, poster_image_url } = e;
  return { title, date, location, broadcasters, id, poster_image_url };
}

/** What a fight takes from its event: the card as fights embed it, and where it is. */
export interface EventOfFight {
  fightEvent: FightEvent;
  location: string;
  venue: string;
}

export function eventOfFight(e: EventRecord): EventOfFight {
  return { fightEvent: toFightEvent(resolveEvent(e)), location: e.location, venue: e.venue };
}

/** A fight with its event, its fighters' names, its division and titles. */
export function resolveFight(
  f: FightRecord,
  event: EventOfFight,
  fighterNames: FighterNames,
  small: Pick<Small, 'divisionById' | 'titleRef'>,
): Fight {
  const corner = (c: FightRecord['fighters']['fighter_1']) => {
    const fighter = fighterNames(c.fighter_id);
    return { name: fighter.name, full_name: fighter.full_name, winner: c.winner, fighter_id: c.fighter_id };
  };
  return {
    id: f.id,
    title: f.title,
    date: f.date,
    location: event.location,
    venue: event.venue,
    status: f.status,
    scheduled_rounds: f.scheduled_rounds,
    fighters: { fighter_1: corner(f.fighters.fighter_1), fighter_2: corner(f.fighters.fighter_2) },
    results: f.results && { outcome: f.results.outcome, round: f.results.round },
    scores: f.scores && [...f.scores],
    event: event.fightEvent,
    division: small.divisionById.get(f.division_id)!,
    titles: f.title_ids.map(small.titleRef),
    updated_at: f.updated_at,
  };
}

export function resolveFighter(
  f: FighterRecord,
  asOfDay: string,
  small: Pick<Small, 'divisionById' | 'titlesHeld'>,
): Fighter {
  return {
    id: f.id,
    name: f.name,
    nickname: f.nickname,
    alias: f.alias,
    age: ageOn(f.birth_date, asOfDay),
    birth_year: Number(f.birth_date.slice(0, 4)),
    gender: f.gender,
    nationality: COUNTRIES[f.nationality_code],
    nationality_code: f.nationality_code,
    stance: f.stance,
    debut: f.debut,
    ...heightFields(f.height_cm),
    ...reachFields(f.reach_cm),
    stats: { ...f.stats },
    division: small.divisionById.get(f.division_id)!,
    titles: small.titlesHeld.get(f.id) ?? [],
  };
}

/** The title of each type that an organization awards in a division, or null. */
function titleIdsFor(titles: TitleRecord[], organizationId: string, divisionId: string) {
  const pick = (type: TitleRecord['type']) =>
    titles.find((t) => t.organization_id === organizationId && t.division_id === divisionId && t.type === type)?.id ??
    null;
  return { full: pick('full'), regular: pick('regular'), interim: pick('interim') };
}

function resolveRankings(
  records: RankingRecord[],
  titles: TitleRecord[],
  fighterNames: FighterNames,
  divisionById: Map<string, Division>,
  organizationById: Map<string, Organization>,
  divisionOrder: Map<string, number>,
): Ranking[] {
  const holder = (fighterId: string | null) => ({
    fighter_id: fighterId,
    fighter_name: fighterId === null ? null : fighterNames(fighterId).name,
    is_vacant: fighterId === null,
  });
  return [...records]
    .sort(
      (a, b) =>
        divisionOrder.get(a.division_id)! - divisionOrder.get(b.division_id)! ||
        compareStrings(a.organization_id, b.organization_id),
    )
    .map((r) => ({
      id: r.id,
      organization: organizationById.get(r.organization_id)!,
      division: divisionById.get(r.division_id)!,
      gender: RANKING_GENDER[r.gender],
      title_ids: titleIdsFor(titles, r.organization_id, r.division_id),
      updated_at: r.updated_at,
      champions: r.champions.map((c) => {
        const { fighter_id, fighter_name, is_vacant } = holder(c.fighter_id);
        return { fighter_id, fighter_name, title_type: c.title_type, is_vacant };
      }),
      rankings: r.rankings.map((entry) => ({ rank: entry.rank, ...holder(entry.fighter_id) })),
    }));
}

/** A fighter holds the titles for which a ranking names them champion. */
function titlesHeldByFighter(rankings: Ranking[], titleRef: (id: string) => TitleRef): Map<string, TitleRef[]> {
  const held = new Map<string, TitleRef[]>();
  for (const r of rankings)
    for (const c of r.champions) {
      const titleId = r.title_ids[c.title_type];
      if (c.fighter_id === null || titleId === null) continue;
      held.set(c.fighter_id, [...(held.get(c.fighter_id) ?? []), titleRef(titleId)]);
    }
  return held;
}
