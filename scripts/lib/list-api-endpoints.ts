import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from '../../src/server/db/database.js';
import type { DbHandle } from '../../src/server/db/create-db.js';

/**
 * Builds the real server in memory from the configuration being checked (CONFIG_ROOT) and returns a check "does
 * METHOD /api<path> exist?" plus a way to close it. Imported late: a configuration the server cannot start with
 * fails here, and the checker reports that.
 */
export async function apiEndpointChecker(): Promise<{ hasEndpoint: (method: string, url: string) => boolean; close: () => Promise<void> }> {
  const { buildApp } = await import('../../src/server/app.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-routes-'));
  // Listing the routes asks nothing of a database: Kysely's driver that runs no query, instead of a new embedded
  // database (initdb took about 4 s of every config:check).
  const db: DbHandle = {
    kind: 'postgres',
    db: new Kysely<Database>({
      dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
    }),
    close: async () => {},
  };
  const app = await buildApp({ db, config: { env: 'test', logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') } as any, recordConfigVersion: false });
  await app.ready();
  return {
    hasEndpoint: (method, url) => app.hasRoute({ method: method as any, url: `/api${url}` }),
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
