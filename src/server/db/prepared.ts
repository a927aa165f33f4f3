import crypto from 'node:crypto';
import type { Kysely, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';

/** The Postgres pool under each Kysely instance createDb opened (PGlite's and transactions' are absent). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function registerPool(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** Statement texts named so far; a text beyond this many runs unnamed (names are for a few fixed hot statements). */
const MAX_NAMES = 32;
const names = new Map<string, string>();

/**
 * Runs a statement whose text is fixed (only its parameters vary) as a named prepared statement on Postgres:
 * each pooled connection parses and plans it once, then only binds and executes it. The name is derived from
 * the text, so two texts never share one. On PGlite, or inside a transaction (`db` is then not the pool's),
 * it runs as any other statement.
 */
export async function executePrepared<R>(db: Kysely<Database>, query: RawBuilder<R>): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await query.execute(db)).rows;
  const compiled = query.compile(db);
  let name = names.get(compiled.sql);
  if (!name && names.size < MAX_NAMES) {
    name = `cu_${crypto.createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`;
    names.set(compiled.sql, name);
  }
  const result = await pool.query<R & pg.QueryResultRow>({ ...(name ? { name } : {}), text: compiled.sql, values: [...compiled.parameters] });
  return result.rows;
}
