// HTTP load from a process of its own (autocannon in a child), so the load generator never competes with
// the server it measures for the same event loop. `runLoad` forks this file; the child runs the load and
// sends the result back.
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** One request the load cycles through; fresh headers are filled per request. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:3000 */
  url: string;
  connections: number;
  seconds: number;
  /** Cycled round-robin: many applicants, members or accounts rather than one. */
  requests: LoadRequest[];
  /** A new value of this header for every request (an idempotency key). */
  freshUuidHeader?: string;
  /** A random client address per request in X-Forwarded-For (the server trusts one proxy): many clients, not one. */
  randomClientAddress?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

/** Runs the load in a child process and answers its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send(options);
  });
}

async function child(options: LoadOptions): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest(req) {
          const r = options.requests[next++ % options.requests.length];
          const headers: Record<string, string> = { ...(r.body === undefined ? {} : { 'content-type': 'application/json' }), ...r.headers };
          if (options.freshUuidHeader) headers[options.freshUuidHeader] = crypto.randomUUID();
          if (options.randomClientAddress) headers['x-forwarded-for'] = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;
          return { ...req, method: r.method, path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
        },
        onResponse(status) {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

if (process.argv.includes('--child')) {
  process.once('message', (options) => {
    child(options as LoadOptions).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
