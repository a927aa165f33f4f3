import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';

// A signup's stored steps: written by the step calls (onboarding, signups), read by final submission.

/** Stores a step's validated data; a repeated submission replaces it (DESIGN.md section 5). */
export async function saveStep(db: Kysely<Database>, signupId: string, step: string, data: unknown, now: Date): Promise<void> {
  await db
    .insertInto('signup_steps')
    .values({ signup_id: signupId, step, data: JSON.stringify(data), updated_on: now })
    .onConflict((oc) => oc.columns(['signup_id', 'step']).doUpdateSet({ data: sql`excluded.data`, updated_on: now }))
    .execute();
  await db.updateTable('signups').set({ updated_on: now }).where('id', '=', signupId).execute();
}

/** The ids of the steps this signup has stored. */
export async function storedStepIds(db: Kysely<Database>, signupId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('signup_steps').select('step').where('signup_id', '=', signupId).execute();
  return new Set(rows.map((r) => r.step));
}
