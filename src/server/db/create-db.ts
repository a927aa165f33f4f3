import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { Database } from './database.js';
import { registerPool } from './prepared.js';

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** PGlite only: the data folder was empty, so this database is new (initdb ran, or a template was loaded). */
  created?: boolean;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tar file, which `createDb({ loadDataDir })` opens again (tests' templates). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * How a new embedded database is made: 1 MB WAL segments instead of 16 MB, which were most of a new database's
 * files and of every dump of one (loading the tests' template took 1.4 s with them). A template made otherwise
 * still opens, so its name changes with these (pglite-template.ts).
 */
export const PGLITE_INITDB_PARAMS = ['--wal-segsize=1'];

/** Opens Postgres when a URL is given, else the embedded PGlite database in `<dataDir>/pglite` (or in memory). */
export async function createDb(options: { databaseUrl?: string; dataDir?: string; inMemory?: boolean; maxConnections?: number; loadDataDir?: Blob | (() => Blob | undefined) }): Promise<DbHandle> {
  if (options.databaseUrl) {
    // pg is loaded only for Postgres (an embedded start saves loading it).
    const { default: pg } = await import('pg');
    // bigint (int8) and numeric come back as strings from pg; parse int8 to number (cents fit in 2^53).
    pg.types.setTypeParser(20, (value) => Number(value));
    // Keep dates (no time) as ISO strings, as PGlite does.
    pg.types.setTypeParser(1082, (value) => value);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // A connection Postgres ends (restart, pg_terminate_backend, network) emits 'error'; unheard, that
    // kills the process. Idle ones are dropped by the pool; one checked out by a transaction fails its
    // next query (-> 500, the client retries with its idempotency key) and is discarded on release.
    // Proven by tests/reliability/terminate-connections.test.ts.
    const connectionLost = (err: Error) => console.warn(`Postgres connection lost: ${err.message}`);
    pool.on('error', connectionLost);
    pool.on('connect', (client) => client.on('error', connectionLost));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerPool(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  let dataDir: string | undefined;
  let created = true;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir ?? 'data', 'pglite');
    created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // A new database may start from a template (a dump of one, read only when needed), which skips initdb.
    ...(created && options.loadDataDir ? { loadDataDir: typeof options.loadDataDir === 'function' ? options.loadDataDir() : options.loadDataDir } : {}),
    // pg_trgm: the administrator's search (migration 2026-11-26T0001); Postgres ships it as a trusted extension.
    extensions: { pg_trgm },
    initDbStartParams: PGLITE_INITDB_PARAMS,
    // Postgres clears its shared buffers at every start: 16 MB of them instead of initdb's 128 MB starts it about
    // 0.5 s sooner, and the pages they would have held are in the operating system's cache (or, in memory, in
    // PGlite's own file system) anyway.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: client }) });
  return { db, kind: 'pglite', created, close: () => db.destroy(), dumpDataDir: () => client.dumpDataDir('none') };
}
