// An endpoint as one entry: its stable name, its path, its parameters as one z.object, what it
// answers with, what the API's description says of it, the store lists it reads, and the function
// that answers it with the parsed value. The registry (../registry.ts) lists every entry; the
// router, the parameter parser, the OpenAPI document, the MCP tools and the typed client all read
// it there.
import { z } from 'zod';
import type { ExampleOf, Picked } from './example.ts';
import { ONE_READ, TWO_ROUNDS, type ReadBudget } from '../budget/budget.ts';
import { Id } from '../../records/common.ts';
import { isLarge, recordName, SINGULAR, type LargeResource, type Resource } from '../../records/resources.ts';
import { lists } from '../../store/layout.ts';
import type { SmallResource } from '../../store/lists/format.ts';
import type { Store } from '../../store/store.ts';
import { readAll } from '../../store/lists/read.ts';
import { readRecord } from '../../store/records/read.ts';
import type { Caching } from '../caching.ts';
import { allBody, oneBody, type Body } from '../envelope.ts';
import { recordNotFound, type ErrorName } from '../errors.ts';
import { parseParams, type Params } from '../params/parse.ts';
import { isSection, segmentsOf, type Section, type SectionOf } from '../routes.ts';

/** A resource with a get-one. */
type ItemResource = LargeResource | SmallResource;

/** What every answer needs besides its parameters. */
export interface AnswerContext {
  store: Store;
  /**
   * The current UTC calendar day, YYYY-MM-DD: schedules and event status are relative to it. An
   * answer that reads it holds only until the day ends, so reading it is recorded (see the handler).
   */
  today(): string;
  /** The request's origin (`https://host`): URLs in an answer (next_page) are made whole on it. */
  origin: string;
}

/**
 * What an answer is: one record, a list, a schedule (a list of the days from today), or a built
 * file served as it is (an export part), outside the envelope.
 */
export type Kind = 'one' | 'list' | 'schedule' | 'file';

/** Every kind: a definition is checked at run time too, as JavaScript that no type check saw may make one. */
const KINDS: readonly string[] = Object.keys({ one: true, list: true, schedule: true, file: true } satisfies Record<
  Kind,
  true
>);

/** A built file answered as it is, outside the envelope: its bytes, its media type, the name it downloads as and its validator. */
export interface FileAnswer {
  file: Uint8Array<ArrayBuffer>;
  type: string;
  filename: string;
  /** A strong validator: the file's name is its digest already. */
  etag: string;
}

/** What an endpoint answers with: the envelope's body, or a file. */
export type Answer = Body | FileAnswer;

export const isFileAnswer = (answer: Answer): answer is FileAnswer => 'file' in answer;

/** An endpoint as written: everything but what follows from its path. */
export interface EndpointDefinition<
  N extends string,
  Path extends string,
  P extends Params,
  R extends z.ZodType,
  K extends Kind,
> {
  /** Stable, and unique: tools and the typed client name the endpoint by it (`list_fights`, `get_fighter`). */
  name: N;
  /** Below the base path, as the specification writes it: `/fights/`, `/fights/{fight_id}`, `/fights/schedule`. */
  path: Path;
  /** Every parameter, the path's and the query's, each a field typed by its schema (see params/). */
  params: P;
  /** The record `data` holds (one, or an array of them). */
  record: R;
  /** The whole answer's schema, where the answer holds more than the envelope around `data` (the changes feed's next_sync). */
  answerSchema?: z.ZodType;
  summary: string;
  /** What the endpoint answers and how, in the specification's words: for people and models alike. */
  description: string;
  /** Errors of its own, besides those of its parameters, keys, method and failures. */
  errors?: readonly ErrorName[];
  /** The store lists it reads (their folders, from the layout's `lists`): it reads nothing else. */
  reads: readonly string[];
  /** The most a request reads of them (see budget/budget.ts); `head`: a page of its list's head, the default view's first records. */
  budget: ReadBudget & { head?: ReadBudget };
  /** What it answers: declared, as a path's shape does not say it (the service's health is one record, an export part a file). */
  kind: K;
  /** How long its answer may be kept: `deploy` unless said. */
  caching?: Caching;
  /** Whether an MCP tool answers it too (so unless said). */
  tool?: boolean;
  /** Its example in the API's description, from the records picked from the store (see example.ts). */
  example: ExampleOf;
  answer(values: z.output<P>, ctx: AnswerContext): Promise<Answer>;
}

export interface Endpoint<
  N extends string = string,
  Path extends string = string,
  P extends Params = Params,
  R extends z.ZodType = z.ZodType,
  K extends Kind = Kind,
> extends EndpointDefinition<N, Path, P, R, K> {
  section: SectionOf<Path> & Section;
  kind: K;
  caching: Caching;
  tool: boolean;
  /** The path's segments below the base path, a parameter's as `{name}` (the router matches a request's against them). */
  segments: readonly string[];
  /** The names of the path's parameters (the id of a get-one). */
  pathNames: ReadonlySet<string>;
  /** Parses a request's parameters with `params` (a 400 for a bad one) and answers with the value. */
  answerRequest(path: ReadonlyMap<string, string>, query: URLSearchParams, ctx: AnswerContext): Promise<Answer>;
  errors: readonly ErrorName[];
}

/** A path segment that is a parameter: `{fight_id}` -> `fight_id`. */
export const paramOf = (segment: string) => /^\{(\w+)\}$/.exec(segment)?.[1];

/** An endpoint from its definition: its section and path parameters follow from its path. */
export function endpoint<
  const N extends string,
  const Path extends string,
  P extends Params,
  R extends z.ZodType,
  const K extends Kind,
>(definition: EndpointDefinition<N, Path, P, R, K>): Endpoint<N, Path, P, R, K> {
  const segments = segmentsOf(definition.path);
  if (!isSection(segments[0])) throw new Error(`not an endpoint path: ${definition.path}`);
  if (!KINDS.includes(definition.kind)) throw new Error(`${definition.name} declares no kind (${KINDS.join(', ')})`);
  return {
    ...definition,
    errors: definition.errors ?? [],
    section: segments[0] as SectionOf<Path> & Section,
    caching: definition.caching ?? 'deploy',
    tool: definition.tool ?? true,
    segments,
    pathNames: new Set(segments.map(paramOf).filter((name) => name !== undefined)),
    answerRequest: (path, query, ctx) => definition.answer(parseParams(definition.params, path, query), ctx),
  };
}

/** The endpoint's path with each of its path parameters' values in place of its name. */
export function pathWith(
  endpoint: Pick<Endpoint, 'path' | 'pathNames'>,
  values: Readonly<Record<string, string>>,
): string {
  let path: string = endpoint.path;
  for (const name of endpoint.pathNames) path = path.replace(`{${name}}`, values[name]);
  return path;
}

/** A get-one's id in its path: a value that cannot be an id is no path of the API (404). */
const pathId = (resource: Resource) =>
  Id.describe(`${recordName(resource)} identifier. An id that no record has, or that cannot be an id, is a 404.`);

/** Reads one record by id: from its pack (or its small resource's list), or a 404 naming it. */
async function readOne(store: Store, resource: ItemResource, id: string): Promise<Body> {
  const text = isLarge(resource) ? await readRecord(store, resource, id) : (await readAll(store, resource)).find(id);
  if (text === null) throw recordNotFound(resource, id);
  return oneBody(text);
}

/** A small resource's complete list, in one page. */
export async function readAllBody(store: Store, resource: SmallResource): Promise<Body> {
  return allBody((await readAll(store, resource)).all().map(([, text]) => text));
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** A resource's get-one endpoint: `get_fight` at `/fights/{fight_id}`. */
export function getOne<const R extends ItemResource, S extends z.ZodType>(
  resource: R,
  record: S,
  exampleId: (picked: Picked) => string | undefined,
) {
  const one = SINGULAR[resource];
  return endpoint({
    name: `get_${one}`,
    path: `/${resource}/{${one}_id}`,
    kind: 'one',
    params: z.object({ [`${one}_id`]: pathId(resource) }),
    record,
    summary: `Get ${article(one)} ${one}`,
    description: `One ${one} by id; pagination is page 1 of 1 with one item.`,
    reads: [isLarge(resource) ? lists.records(resource) : lists.all(resource)],
    // A large collection's record: its records' index, then the pack that holds it.
    budget: isLarge(resource) ? TWO_ROUNDS : ONE_READ,
    example: (p) => {
      const id = exampleId(p);
      return id === undefined ? undefined : { [`${one}_id`]: id };
    },
    answer: (values, { store }) => readOne(store, resource, values[`${one}_id`]),
  });
}
