import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { createDb } from '../../src/server/db/create-db.js';

/** Builds the real server in memory and returns a check "does METHOD /api<path> exist?" plus a way to close it. */
export async function apiEndpointChecker(): Promise<{ hasEndpoint: (method: string, url: string) => boolean; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-routes-'));
  const db = await createDb({ inMemory: true });
  const app = await buildApp({ db, config: { env: 'test', logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') } as any });
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
