// A request's parameters -> the typed value of its endpoint's z.object. Unknown parameters are
// ignored; a known one that is malformed, out of range or repeated is a 400 naming it, the first
// such in the order the request gives them; then each rule between two parameters, in the
// endpoint's order (a synonym given twice with the same value counts as one). Values in the path were matched by the router with the same schemas.
import type { z } from 'zod';
import { invalidParameter } from '../errors.ts';
import { paramRules, type ParamRules } from './rules.ts';

/** An endpoint's parameters: the path's and the query's, each a field. */
export type Params = z.ZodObject;

export interface QueryField {
  schema: z.ZodType;
  rules: ParamRules;
}

const cache = new WeakMap<Params, ReadonlyMap<string, QueryField>>();

/**
 * The query parameters of an endpoint (its fields but the path's), in its order, with their
 * rules. Names come from the request, so every lookup by name is a Map: a plain object would
 * also answer for members every object inherits (`__proto__`, `constructor`, `valueOf`).
 */
export function queryFields(params: Params, pathNames: ReadonlySet<string>): ReadonlyMap<string, QueryField> {
  let fields = cache.get(params);
  if (fields === undefined) {
    fields = new Map(
      Object.entries(params.shape)
        .filter(([name]) => !pathNames.has(name))
        .map(([name, schema]) => {
          const rules = paramRules.get(schema);
          if (rules === undefined) throw new Error(`query parameter ${name} has no rules`);
          return [name, { schema, rules }];
        }),
    );
    cache.set(params, fields);
  }
  return fields;
}

export function parseParams<P extends Params>(
  params: P,
  path: ReadonlyMap<string, string>,
  query: URLSearchParams,
): z.output<P> {
  const fields = queryFields(params, new Set(path.keys()));
  const given = new Map<string, { value: string; once: boolean; rules: ParamRules }>();
  for (const name of new Set(query.keys())) {
    const rules = fields.get(name)?.rules;
    if (rules === undefined || (rules.ignoredWith !== undefined && query.has(rules.ignoredWith))) continue;
    const all = query.getAll(name);
    given.set(name, { value: all[0], once: all.length === 1, rules });
  }
  const parsed = params.safeParse(
    Object.fromEntries([...path, ...[...given].map(([name, { value }]) => [name, value] as const)]),
  );
  const failed = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]));
  for (const [name, { once, rules }] of given) {
    if (!once) throw invalidParameter(name, 'must be given at most once');
    if (failed.has(name)) throw rules.refuse?.() ?? invalidParameter(name, rules.rule);
  }
  for (const [
    name,
    {
      rules: { notWith },
    },
  ] of fields) {
    const [other, own] = [notWith && given.get(notWith.name), given.get(name)];
    if (notWith && other && own && !(notWith.synonym && other.value === own.value))
      throw invalidParameter(name, notWith.rule);
  }
  // The path's values passed the router's check with these same schemas: a failure here is ours.
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}
