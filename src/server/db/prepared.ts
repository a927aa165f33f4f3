import crypto from 'node:crypto';
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';

/** The Postgres pool under each Kysely instance createDb opened (PGlite's and transactions' are absent). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function registerPool(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

const isRawBuilder = <R>(query: RawBuilder<R> | { compile(): CompiledQuery<R> }): query is RawBuilder<R> => 'isRawBuilder' in query && query.isRawBuilder === true;

/** Statement texts named so far; a text beyond this many runs unnamed (names are for a few fixed hot statements). */
const MAX_NAMES = 32;
const names = new Map<string, string>();

/**
 * Runs a statement whose text is fixed (only its parameters vary) as a named prepared statement on Postgres:
 * each pooled connection parses and plans it once, then only binds and executes it. The name is derived from
 * the text, so two texts never share one. On PGlite, or inside a transaction (`db` is then not the pool's),
 * it runs as any other statement.
 */
export async function executePrepared<R>(db: Kysely<Database>, query: RawBuilder<R> | { compile(): CompiledQuery<R> }): Promise<R[]> {
  const compiled = isRawBuilder(query) ? query.compile(db) : query.compile();
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery(compiled)).rows;
  let name = names.get(compiled.sql);
  if (!name && names.size < MAX_NAMES) {
    name = `cu_${crypto.createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`;
    names.set(compiled.sql, name);
  }
  const result = await pool.query<R & pg.QueryResultRow>({ ...(name ? { name } : {}), text: compiled.sql, values: [...compiled.parameters] });
  return result.rows;
}
