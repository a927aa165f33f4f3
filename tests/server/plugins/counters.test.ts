import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import type { DbHandle } from '../../../src/server/db/create-db';
import { IP_LIMITS } from '../../../src/server/lib/auth-rate-limit';
import { APPLICANT_LIMITS } from '../../../src/server/lib/applicant-rate-limit';
import { ConfigError, loadConfig, parseRedisUrl } from '../../../src/server/config';
import { READY_CHECK_MS } from '../../../src/server/plugins/readiness';
import { AUTH_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';

/** The machine's Redis (CI starts it: .ci/run); these tests need it and fail loudly without it. */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Every key of this run sits under its own prefix, so runs never share counters; afterAll deletes them. */
async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
  return keys;
}

/** N wrong-password sign-ins from one client address, alternating between the servers; the statuses in order. */
async function wrongPasswords(servers: TestApp[], count: number, ip: string, email: string) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    const res = await servers[i % servers.length].call({ method: 'POST', url: '/api/users/login', remoteAddress: ip, payload: { email, password: 'Wrong-password-1' } });
    answers.push(res);
  }
  return answers;
}

describe.each(dbTargets())('rate-limit counters on $name', (target) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  describe('REDIS_URL set: two API servers share one Redis', () => {
    const prefix = `cu-test:${crypto.randomBytes(6).toString('hex')}:`;
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    let servers: TestApp[] = [];
    beforeAll(async () => {
      await redis.connect();
      servers = [await createTestApp(db, { config: { redisUrl: REDIS_URL, redisKeyPrefix: prefix } }), await createTestApp(db, { config: { redisUrl: REDIS_URL, redisKeyPrefix: prefix } })];
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      const keys = await keysUnder(redis, prefix);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it(`holds the per-address sign-in limit (${IP_LIMITS.login.max} a minute) over both servers together, counted in Redis`, async () => {
      const answers = await wrongPasswords(servers, IP_LIMITS.login.max + 1, '203.0.113.10', `nobody.${crypto.randomUUID()}@example.com`);
      expect(answers.slice(0, -1).map((a) => a.statusCode)).toEqual(Array(IP_LIMITS.login.max).fill(401));
      const refused = answers.at(-1)!;
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AUTH_TEXTS.tooManyLogins);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The counter is one key in Redis under this run's prefix, with the window as its time to live.
      const keys = (await keysUnder(redis, `${prefix}rate:ip:`)).filter((k) => k.includes('/api/users/login') && k.endsWith('203.0.113.10'));
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]))).toBe(IP_LIMITS.login.max + 1);
      expect(await redis.pttl(keys[0])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await wrongPasswords(servers, 1, '203.0.113.11', 'someone@example.com'))[0].statusCode).toBe(401);
    });

    it(`refuses an address after ${APPLICANT_LIMITS.misses.max} applicant calls that found nothing, whichever server they reached`, async () => {
      const ip = '203.0.113.20';
      const statuses: number[] = [];
      for (let i = 0; i <= APPLICANT_LIMITS.misses.max; i++) {
        const res = await servers[i % 2].call({
          method: 'POST',
          url: '/api/signups/submit',
          remoteAddress: ip,
          headers: { 'x-applicant-token': crypto.randomBytes(32).toString('base64url') },
          payload: { signup_id: crypto.randomUUID() },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe(ONBOARDING_TEXTS.tooManyRequests);
      }
      expect(statuses).toEqual([...Array(APPLICANT_LIMITS.misses.max).fill(404), 429]);
      expect(await keysUnder(redis, `${prefix}rate:applicant-misses:`)).toHaveLength(1);
    });

    it('a count Redis does not answer in time (a busy machine): 503, try again, never a 500 and never served uncounted', async () => {
      // Redis holds every client's commands for 2.5 s, past the counters' 2 s command timeout; the connection stays up.
      const pauser = new Redis(REDIS_URL);
      await pauser.call('CLIENT', 'PAUSE', '2500', 'ALL');
      try {
        const login = await servers[1].call({ method: 'POST', url: '/api/users/login', remoteAddress: '203.0.113.41', payload: { email: 'someone@example.com', password: 'Wrong-password-1' } });
        expect(login.statusCode, login.body).toBe(503);
        expect(login.json()).toMatchObject({ status: 503, message: REQUEST_TEXTS.briefOutage });
        expect(login.headers['retry-after']).toBe('5');
      } finally {
        await pauser.call('CLIENT', 'UNPAUSE').catch(() => undefined);
        pauser.disconnect();
      }
    });

    it('answers ready while Redis answers; once it does not, ready answers 503 "down" and a limited call 503, never served uncounted', async () => {
      const [first] = servers;
      const ready = await first.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'up' });
      // This server's connection to Redis is cut for good (the other server keeps its own).
      first.app.counters.redis!.disconnect();
      await new Promise((r) => setTimeout(r, READY_CHECK_MS + 50));
      const down = await first.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'down' });
      // A limited call cannot be counted: refused with 503 (try again), never served uncounted, never a 500.
      const login = await first.call({ method: 'POST', url: '/api/users/login', remoteAddress: '203.0.113.40', payload: { email: 'someone@example.com', password: 'Wrong-password-1' } });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ status: 503, message: REQUEST_TEXTS.briefOutage });
      expect(login.headers['retry-after']).toBe('5');
      // Liveness is the process alone: still up.
      expect((await first.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'up' });
      expect((await servers[1].app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  });

  describe('REDIS_URL unset: each server counts in its own process, as on one machine', () => {
    let servers: TestApp[] = [];
    beforeAll(async () => {
      servers = [await createTestApp(db, { config: { redisUrl: undefined } }), await createTestApp(db, { config: { redisUrl: undefined } })];
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
    });

    it('has no Redis, and one server refuses past the limit while the other has counted nothing', async () => {
      expect(servers[0].app.counters.redis).toBeUndefined();
      const email = `nobody.${crypto.randomUUID()}@example.com`;
      const first = await wrongPasswords([servers[0]], IP_LIMITS.login.max + 1, '203.0.113.30', email);
      expect(first.at(-1)!.statusCode).toBe(429);
      expect((await wrongPasswords([servers[1]], 1, '203.0.113.30', email))[0].statusCode).toBe(401);
    });
  });
});

describe('REDIS_URL', () => {
  it('is optional, and must be a redis:// or rediss:// URL naming a host', () => {
    expect(parseRedisUrl(undefined)).toBeUndefined();
    expect(parseRedisUrl('  ')).toBeUndefined();
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(parseRedisUrl('rediss://user:secret@cache.internal:6380/2')).toBe('rediss://user:secret@cache.internal:6380/2');
    expect(() => parseRedisUrl('127.0.0.1:6379')).toThrow(ConfigError);
    expect(() => parseRedisUrl('http://cache.internal')).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => parseRedisUrl('not a url')).toThrow(/not a URL/);
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379' }).redisUrl).toBe('redis://cache.internal:6379');
    expect(loadConfig({}).redisKeyPrefix).toBe('cu:');
  });

  it('naming a Redis that does not answer stops the start with a message that says what to do', async () => {
    const db = await dbTargets()[0].open();
    try {
      await expect(createTestApp(db, { config: { redisUrl: 'redis://127.0.0.1:1' } })).rejects.toThrow(/REDIS_URL: Redis at 127\.0\.0\.1:1 does not answer .*unset REDIS_URL/);
    } finally {
      await db.close();
    }
  });
});
