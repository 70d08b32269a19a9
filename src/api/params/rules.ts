// What a parameter is beside its value's kind: the rules the parser holds it to (its 400, how it
// stands to the others) in a zod registry of their own, and its meaning, as the schema's
// description. A field made here (given, defaulted, refused) is one entry of an endpoint's
// z.object: the same schema parses the request, types the value, and describes it in the API's
// OpenAPI document and in z.toJSONSchema.
import { z } from 'zod';
import type { ApiError } from '../errors.ts';
import type { ParamKind } from './kinds.ts';

/** What parsing a parameter needs besides its schema; the parser and the API's description read it. */
export interface ParamRules {
  /** What is allowed, as the 400 says it (`must be ...`). */
  rule: string;
  /** The error for a value the schema refuses, when it is not InvalidParameter. */
  refuse?: () => ApiError;
  /** Every value is refused: the endpoint does not support the parameter. */
  refused?: true;
  /**
   * A parameter this one cannot be given with; `rule` is the 400's message when both are. A
   * synonym is the same parameter spelled another way: the same value in both counts as one.
   */
  notWith?: { name: string; rule: string; synonym?: true };
  /** A parameter that makes this one irrelevant: when it is given, this one is ignored, not checked. */
  ignoredWith?: string;
}

/** The rules of every query parameter, by its schema (the field of its endpoint's z.object). */
export const paramRules = z.registry<ParamRules>();

/** How a parameter stands to the others of its endpoint. */
export type More = Pick<ParamRules, 'notWith' | 'ignoredWith'>;

/** What the parameter means, then what the parser holds it to: the description of both the OpenAPI document and z.toJSONSchema. */
function description(about: string, rule: string, more: More): string {
  const notes = [
    about,
    `The value ${rule}.`,
    more.notWith
      ? `Giving it with ${more.notWith.name}${more.notWith.synonym ? ' set to another value' : ''} is a 400 (${more.notWith.rule}).`
      : '',
    more.ignoredWith ? `Ignored, and not checked, when ${more.ignoredWith} is given.` : '',
  ];
  return notes.filter((n) => n !== '').join(' ');
}

function field<S extends z.ZodType>(schema: S, kind: ParamKind<z.ZodType>, about: string, more: More): S {
  const described = schema.describe(description(about, kind.rule, more));
  // Registered as a schema of any type: the rules do not depend on what the schema parses to.
  const registered: z.ZodType = described;
  paramRules.add(registered, { rule: kind.rule, refuse: kind.refuse, ...more });
  return described;
}

/** A parameter as one endpoint takes it, with what it means there: absent unless given. */
export const given = <S extends z.ZodType>(kind: ParamKind<S>, about: string, more: More = {}) =>
  field(kind.schema.optional(), kind, about, more);

/** A parameter with the value it has when it is not given. */
export const defaulted = <S extends z.ZodType>(
  kind: ParamKind<S>,
  value: z.core.util.NoUndefined<z.output<S>>,
  about: string,
  more: More = {},
) => field(kind.schema.default(value), kind, about, more);

/** A parameter the endpoint refuses whatever its value (a 400 that says why), rather than ignore it. */
export const refused = (rule: string) =>
  z
    .never()
    .optional()
    .describe(`Not supported: a 400 whatever its value, as it ${rule}.`)
    .register(paramRules, { rule, refused: true });
