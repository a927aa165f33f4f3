import { Blob as NodeBlob } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import type { Database } from '../../src/server/db/database';

export interface DbTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated and seeded database of its own; close() drops it. */
  open(options?: { seed?: boolean }): Promise<DbHandle>;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: u.toString(), maxConnections: 20 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Every database a suite must pass on: PGlite always, and Postgres when DATABASE_URL is set. */
export function dbTargets(): DbTarget[] {
  const targets: DbTarget[] = [
    {
      name: 'pglite',
      async open(options = {}) {
        // From the run's templates (tests/global-setup.ts): the same database as migrating and seeding gives.
        const templates = inject('pgliteTemplates');
        const file = options.seed === false ? templates.migrated : templates.seeded;
        // PGlite reads its extension bundles (pg_trgm) into a `new Blob`, and a screen suite's global Blob is
        // the DOM stand-in's: Node's own while the database opens.
        const domBlob = globalThis.Blob;
        globalThis.Blob = NodeBlob as typeof globalThis.Blob;
        try {
          return await createDb({ inMemory: true, loadDataDir: new NodeBlob([fs.readFileSync(file)]) as globalThis.Blob });
        } finally {
          globalThis.Blob = domBlob;
        }
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    targets.push({
      name: 'postgres',
      async open(options = {}) {
        const handle = await openPostgres(url);
        await migrateToLatest(handle.db);
        if (options.seed !== false) await seed(handle.db, { demo: true });
        return handle;
      },
    });
  }
  return targets;
}

/**
 * The plan the database would choose for `query` were every index cheaper than reading the table (sequential scans
 * off, on one connection, put back after): a test's few rows would otherwise make any plan a scan. One line per node.
 */
export async function planWithIndexes(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<string> {
  return db.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c);
    try {
      const rows = await sql<Record<string, string>>`explain ${query}`.execute(c);
      return rows.rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(c);
    }
  });
}
