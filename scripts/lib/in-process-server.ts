import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';

/**
 * The real app on an in-memory database (migrated, demo-seeded) and a throwaway data folder, listening on a free
 * port. It trusts one proxy hop, so each replayed applicant's own address (X-Forwarded-For) counts per-address limits.
 */
export async function startInProcessServer(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-replay-'));
  const handle = await createDb({ inMemory: true });
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  const app = await buildApp({ db: handle, config: { env: 'test', logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'no-static'), devTools: true, trustProxy: 1 } });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address,
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
