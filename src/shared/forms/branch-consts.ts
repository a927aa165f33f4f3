import { matchesCondition } from '../flow/matches-condition';
import type { JsonObject } from './form-registry';

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
  const branches = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonObject[]) : [])];
  for (const node of branches) {
    if (!node || typeof node !== 'object' || node.if === undefined) continue;
    const branch = (matchesCondition(node.if, data) ? node.then : node.else) as JsonObject | undefined;
    for (const [field, rule] of Object.entries<JsonObject>(branch?.properties ?? {})) {
      if (rule && typeof rule === 'object' && 'const' in rule && out[field] === undefined) out[field] = rule.const;
    }
  }
  return out;
}
