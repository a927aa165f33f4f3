import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';

export interface Counters {
  /** The shared Redis when REDIS_URL is set; undefined means the counters live in this process. */
  redis?: Redis;
  /** The @fastify/rate-limit store options of one family of limits: Redis under its own key prefix, or in process. */
  storeOptions(family: string): { redis?: Redis; nameSpace?: string };
  /**
   * True when a call failed for want of its counter: the configured Redis is not connected, or did not answer the
   * count within `commandTimeout` (a busy machine). Such a call answers 503 (try again), not 500.
   */
  failedCount(error: unknown): boolean;
}

/** ioredis's error for a command unanswered within `commandTimeout`. */
const COMMAND_TIMED_OUT = 'Command timed out';

/** Redis host and port for messages and logs; the URL itself may carry a password. */
function redisHost(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 6379}`;
}

/**
 * Where the per-address rate-limit counters live (DESIGN.md section 6). REDIS_URL set: one Redis shared by
 * every API server, so N servers behind a load balancer hold one limit, not N; the server does not start
 * while Redis does not answer, and a call whose counter cannot be read fails rather than going uncounted.
 * Unset: in this process, as on one machine. The counting itself is @fastify/rate-limit's (its Redis store
 * is one atomic Lua script per call); this plugin only opens the connection and names the keys.
 */
export default fp(
  async function countersPlugin(app: FastifyInstance) {
    const { redisUrl, redisKeyPrefix } = app.config;
    if (!redisUrl) {
      app.decorate('counters', { redis: undefined, storeOptions: () => ({}), failedCount: () => false } satisfies Counters);
      return;
    }
    const host = redisHost(redisUrl);
    // ioredis is loaded only when REDIS_URL is set.
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: 5000,
      // A call waits for its counter at most this long, then fails (no call goes uncounted).
      commandTimeout: 2000,
      maxRetriesPerRequest: 1,
    });
    let lastLogged = 0;
    redis.on('error', (err: Error) => {
      // ioredis reports every reconnection attempt: one line per 10 s is enough for the log.
      if (Date.now() - lastLogged < 10_000) return;
      lastLogged = Date.now();
      app.log.error({ err, redis: host }, 'Redis (rate-limit counters) does not answer');
    });
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`REDIS_URL: Redis at ${host} does not answer (${(err as Error).message}). The server does not start without its shared rate-limit counters; start Redis or unset REDIS_URL to count in process.`);
    }
    app.decorate('counters', {
      redis,
      storeOptions: (family: string) => ({ redis, nameSpace: `${redisKeyPrefix}rate:${family}:` }),
      failedCount: (error: unknown) => redis.status !== 'ready' || (error instanceof Error && error.message === COMMAND_TIMED_OUT),
    } satisfies Counters);
    app.readiness.add('redis', () => redis.ping());
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'counters', dependencies: ['config', 'readiness'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    counters: Counters;
  }
}
