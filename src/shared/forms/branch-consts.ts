import { matchesCondition } from '../flow/matches-condition';
import type { JsonObject } from './form-registry';

/** The fields the form's applying branches pin (`then` or `else` of each `if`, at its root or in its `allOf`), with their rules. */
function* pinnedFields(schema: JsonObject, data: Record<string, unknown>): Generator<[string, JsonObject]> {
  for (const node of [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonObject[]) : [])]) {
    if (!node || typeof node !== 'object' || node.if === undefined) continue;
    const branch = (matchesCondition(node.if, data) ? node.then : node.else) as JsonObject | undefined;
    for (const [field, rule] of Object.entries<JsonObject>(branch?.properties ?? {})) {
      if (rule && typeof rule === 'object' && 'const' in rule) yield [field, rule];
    }
  }
}

/**
 * The form's data with the fields its conditional branches pin filled in (forms/README.md "Fields a branch
 * fixes"): for each `if` of the schema (at its root or in its `allOf`) the branch that applies, `then` or `else`,
 * and in it each property with a `const`, written when the data has no value for it. A field hidden for these
 * answers (its `showWhen`) is sent with the value the form requires of it: employment's "Not Applicable" and TT for
 * a student, whatever the statuses that make the branch are. A field the applicant answered keeps their answer, so
 * a different value is still refused with the branch's message.
 */
export function withBranchConsts(schema: JsonObject, data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data };
  for (const [field, rule] of pinnedFields(schema, data)) if (out[field] === undefined) out[field] = rule.const;
  return out;
}

/** The read-only fields the form's applying branches pin to a value (`const` with `readOnly: true`), for these answers. */
function pinnedReadOnly(schema: JsonObject, data: Record<string, unknown>): Map<string, unknown> {
  const pinned = new Map<string, unknown>();
  for (const [field, rule] of pinnedFields(schema, data)) if (rule.readOnly === true) pinned.set(field, rule.const);
  return pinned;
}

/**
 * The form's change rule for fields a branch makes read-only with a fixed value (an ID type whose expiry the branch
 * pins to 9999-12-31): the field takes that value while the branch applies (the applicant cannot type into it), and
 * loses it when the answers leave the branch and it still holds the value the branch gave (`previous`: the data
 * before this change). Which answers make the branch is the form's `if`, so an option renamed in the JSON keeps working
 * with no TypeScript naming it. Run on every change in the browser and before validation on the server.
 */
export function withPinnedReadOnlyFields(schema: JsonObject, data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const now = pinnedReadOnly(schema, data);
  const out = { ...data };
  for (const [field, value] of now) out[field] = value;
  if (previous) {
    for (const [field, value] of pinnedReadOnly(schema, previous)) {
      if (!now.has(field) && JSON.stringify(out[field]) === JSON.stringify(value)) delete out[field];
    }
  }
  return out;
}
