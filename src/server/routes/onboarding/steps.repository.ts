import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReceivedFile } from './uploads.js';

/**
 * Replaces a step's files (only those of `fields` when given: one record of a step stored record by record);
 * returns the stored names of the files it replaced (to delete after commit).
 */
export async function replaceStepFiles(db: Kysely<Database>, signupId: string, step: string, files: ReceivedFile[], now: Date, fields?: string[]): Promise<string[]> {
  let remove = db.deleteFrom('signup_files').where('signup_id', '=', signupId).where('step', '=', step);
  if (fields) remove = fields.length ? remove.where('field', 'in', fields) : remove.where(sql<boolean>`false`);
  const old = await remove.returning('stored_name').execute();
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
