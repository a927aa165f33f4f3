import crypto from 'node:crypto';
import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
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

/** What a value of a fixed statement stands in for while Kysely builds it: its name among the statement's values. */
class Slot {
  constructor(readonly key: string) {}
}

/** A constant that was made from a stand-in (a template string, arithmetic, a Date of it) rather than given as one. */
const madeFromSlot = (value: unknown) =>
  (typeof value === 'string' && value.includes('[object Object]')) || (typeof value === 'number' && Number.isNaN(value)) || (value instanceof Date && Number.isNaN(value.getTime()));

/**
 * A statement whose text is fixed for each `shape`, built and compiled by Kysely once: building and compiling a query
 * was about a sixth of a wizard step call's CPU (docs/performance.md). `build` receives stand-ins for the values and
 * must pass each to Kysely as it is; a value derived from one, or a branch on one, belongs outside (a value of its
 * own, or another shape). The statement's other parameters (the constants written in `build`) are kept as they are.
 * Each call then binds its values to the remembered text, run as `executePrepared` runs it.
 */
export function fixedStatement<V extends Record<string, unknown>, R>(build: (db: Kysely<Database>, values: V, shape: string) => RawBuilder<R> | { compile(): CompiledQuery<R> }) {
  const texts = new Map<string, { sql: string; parameters: readonly unknown[] }>();
  return async (db: Kysely<Database>, values: V, shape = ''): Promise<R[]> => {
    let text = texts.get(shape);
    if (!text) {
      const slots = Object.fromEntries(Object.keys(values).map((key) => [key, new Slot(key)])) as unknown as V;
      const query = build(db, slots, shape);
      const compiled = isRawBuilder(query) ? query.compile(db) : query.compile();
      const made = compiled.parameters.find(madeFromSlot);
      if (made !== undefined || compiled.sql.includes('[object Object]')) {
        throw new Error(`fixedStatement: a value derived from one of the values in build (${String(made ?? 'written into the text')}), where each must be passed as given: ${compiled.sql}`);
      }
      text = { sql: compiled.sql, parameters: compiled.parameters };
      texts.set(shape, text);
    }
    const parameters = text.parameters.map((p) => (p instanceof Slot ? values[p.key] : p));
    return executePrepared(db, { compile: () => CompiledQuery.raw(text.sql, parameters) as CompiledQuery<R> });
  };
}
