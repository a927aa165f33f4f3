import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Builds the real server in memory from the configuration being checked (CONFIG_ROOT) and returns a check "does
 * METHOD /api<path> exist?" plus a way to close it. Imported late: a configuration the server cannot start with
 * fails here, and the checker reports that.
 */
export async function apiEndpointChecker(): Promise<{ hasEndpoint: (method: string, url: string) => boolean; close: () => Promise<void> }> {
  const { buildApp } = await import('../../src/server/app.js');
  const { createDb } = await import('../../src/server/db/create-db.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-routes-'));
  const db = await createDb({ inMemory: true });
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
