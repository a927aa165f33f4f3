import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { DbHandle } from '../../src/server/db/create-db';
import type { DbTarget } from './test-db';
import type { Clock } from '../../src/server/lib/clock';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../src/shared/product';

export const API_HEADERS = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' } as const;

/** The Redis the test apps count in (unset: in process); every app gets a key prefix of its own. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** Deletes every key under `prefix` (a test's counters), so runs leave nothing behind. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  /** inject with the client-identification headers already set. */
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  clock?: Clock;
  beforeReady?: (app: FastifyInstance) => void;
}

/** Builds the real app on the given database, with a throwaway data folder and no static files. */
export async function createTestApp(db: DbHandle, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-test-'));
  const redisKeyPrefix = `cu-test:${crypto.randomBytes(6).toString('hex')}:`;
  const app = await buildApp({
    db,
    clock: options.clock,
    // Counters in process (a REDIS_URL in the shell is not used), or with TEST_REDIS_URL in that Redis under a
    // prefix of this app's own, so the same suites check the limits against a real Redis (`npm run test:redis`).
    config: { env: 'test', logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'no-static'), redisUrl: TEST_REDIS_URL, redisKeyPrefix, ...options.config },
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    call: (opts) => app.inject({ ...opts, headers: { ...API_HEADERS, ...(opts.headers ?? {}) } }),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (app.config.redisUrl) await deleteRedisKeys(app.config.redisUrl, app.config.redisKeyPrefix);
    },
  };
}

/**
 * The real app on a fresh database of `target` for the enclosing describe: opened in beforeAll, closed
 * (app, then database) in afterAll; `prepare` fills the database before the app starts. The answer
 * stands for the app that beforeAll builds, so a suite writes `const t = suiteApp(target)` and uses
 * `t.call`, `t.app` and `t.db` in its hooks and tests.
 */
export function suiteApp(target: DbTarget, options: TestAppOptions & { prepare?: (db: DbHandle) => Promise<unknown> } = {}): TestApp {
  let db: DbHandle | undefined;
  let current: TestApp | undefined;
  beforeAll(async () => {
    db = await target.open();
    await options.prepare?.(db);
    current = await createTestApp(db, options);
  });
  afterAll(async () => {
    await current?.close();
    await db?.close();
  });
  const started = () => {
    if (!current) throw new Error('suiteApp: the app is built in beforeAll; use it in hooks and tests only.');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    call: (opts) => started().call(opts),
    close: () => started().close(),
  };
}
