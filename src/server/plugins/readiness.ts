import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** How long one round of checks answers GET /api/ready: a load balancer polling often costs one round a second. */
export const READY_CHECK_MS = 1000;
/** A check that has not answered within this time counts as down (a hung Redis must not hang the probe). */
export const READY_TIMEOUT_MS = 2000;

/** Resolves when the part answers; rejects (or never resolves in time) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface Readiness {
  /** Adds a shared part (database, Redis, file store) to what GET /api/ready checks. */
  add(name: string, check: ReadinessCheck): void;
  /** Runs every check (at most once per READY_CHECK_MS; callers meanwhile share the last answer). */
  check(): Promise<{ up: boolean; down: string[] }>;
}

function withTimeout(check: ReadinessCheck): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness of what this server shares with the others (DESIGN.md section 6): the database, Redis when
 * configured, the file store. Each plugin that opens a shared part adds its check; GET /api/ready runs them.
 * Which part is down goes to the log only, never to the caller.
 */
export default fp(
  async function readinessPlugin(app: FastifyInstance) {
    const checks = new Map<string, ReadinessCheck>();
    let last: { at: number; result: { up: boolean; down: string[] } } | null = null;
    let pending: Promise<{ up: boolean; down: string[] }> | null = null;

    const runAll = async () => {
      const names = [...checks.keys()];
      const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks.get(name)!)));
      const down: string[] = [];
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'rejected') {
          down.push(names[i]);
          app.log.error({ err: outcome.reason, part: names[i] }, 'readiness: a shared part does not answer');
        }
      });
      return { up: down.length === 0, down };
    };

    const readiness: Readiness = {
      add(name, check) {
        checks.set(name, check);
      },
      check() {
        if (last && Date.now() - last.at < READY_CHECK_MS) return Promise.resolve(last.result);
        // Calls arriving while a round runs share it.
        pending ??= runAll().then((result) => {
          last = { at: Date.now(), result };
          pending = null;
          return result;
        });
        return pending;
      },
    };
    app.decorate('readiness', readiness);
    readiness.add('database', () => sql`select 1`.execute(app.db));
  },
  { name: 'readiness', dependencies: ['config', 'db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
