import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReceivedFile } from './uploads.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a step's validated data; a repeated submission replaces it (DESIGN.md section 5). */
export async function saveStep(db: Db, signupId: string, step: string, data: unknown, now: Date): Promise<void> {
  await db
    .insertInto('signup_steps')
    .values({ signup_id: signupId, step, data: JSON.stringify(data), updated_on: now })
    .onConflict((oc) => oc.columns(['signup_id', 'step']).doUpdateSet({ data: sql`excluded.data`, updated_on: now }))
    .execute();
  await db.updateTable('signups').set({ updated_on: now }).where('id', '=', signupId).execute();
}

/** Replaces a step's files; returns the stored names of the files it replaced (to delete after commit). */
export async function replaceStepFiles(db: Db, signupId: string, step: string, files: ReceivedFile[], now: Date): Promise<string[]> {
  const old = await db.deleteFrom('signup_files').where('signup_id', '=', signupId).where('step', '=', step).returning('stored_name').execute();
  if (files.length) {
    await db
      .insertInto('signup_files')
      .values(
        files.map((f) => ({
          id: crypto.randomUUID(),
          signup_id: signupId,
          step,
          field: f.field,
          original_name: f.originalName,
          stored_name: f.storedName,
          content_type: f.contentType,
          size_bytes: f.sizeBytes,
          sha256: f.sha256,
          created_on: now,
        })),
      )
      .execute();
  }
  return old.map((o) => o.stored_name);
}

/** The ids of the steps this signup has stored. */
export async function storedStepIds(db: Db, signupId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('signup_steps').select('step').where('signup_id', '=', signupId).execute();
  return new Set(rows.map((r) => r.step));
}

