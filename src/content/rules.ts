// What the rules within a record share. A rule is a refinement of its record's schema (see
// ./schemas.ts), run by zod after the record's fields are parsed, with a `when` that names the
// fields it reads: it runs whenever those parsed, even when other fields of the record did not,
// so a record with a mistyped date and two winners reports both at once.
import type { z } from 'zod';

/** The tag of a rule's finding: it says that fields disagree, not that a field failed to parse. */
const RULE = { rule: true } as const;

/** Reports a rule's finding at `path` (from the record). */
export function flag(ctx: z.core.$RefinementCtx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message, params: RULE });
}

/** Whether an issue at `at` is about the value at `path` ("*" for any index): that value or one holding it. */
const about = (at: readonly PropertyKey[], path: readonly string[]) =>
  at.length <= path.length && at.every((key, i) => path[i] === '*' || path[i] === String(key));

/**
 * A rule's `when`: the values at `paths` (dotted, "*" for every element of a list) parsed. An
 * issue inside one of them (a results' outcome, for a rule that reads whether results is null)
 * does not stop the rule, nor does an unknown field (it says nothing of the known ones), nor
 * another rule's finding. zod itself still skips every rule of a record in which a whole number
 * has a fraction or a list is over its limit: it stops there, the list's entries unread.
 */
export function parsed(...paths: string[]): (payload: z.core.ParsePayload) => boolean {
  const reads = paths.map((p) => p.split('.'));
  return ({ issues }) =>
    issues.every(
      (issue) =>
        issue.code === 'unrecognized_keys' ||
        (issue.code === 'custom' && issue.params === RULE) ||
        !reads.some((path) => about(issue.path ?? [], path)),
    );
}
