import type { Database } from './database.js';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/** True when the database has run exactly these migrations (one query; false when it has no migration table). */
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const known = Object.keys(migrations).sort();
    return rows.length === known.length && rows.every((r, i) => r.name === known[i]);
  } catch {
    return false;
  }
}

/**
 * Runs every pending migration (see migrations/index.ts); throws on failure. A database that has run them all is
 * told by one query: Kysely's migrator first makes sure of its tables, its lock row and the catalog (about half
 * a second of a start on the embedded database), which only matters when there is something to run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
