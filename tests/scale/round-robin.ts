// The load balancer of the scale-out test: a plain HTTP proxy that hands every request to the next API
// server in turn (no stickiness, so consecutive calls of one client land on different servers), and takes
// a server out while GET /api/ready does not answer 200 (probed every PROBE_MS, as a load balancer does)
// or as soon as a connection to it fails. It passes the client's headers through untouched, X-Forwarded-For
// included: the client plays each applicant's network (the servers trust one hop, TRUST_PROXY=1).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const PROBE_MS = 250;

export interface Routed {
  /** Index of the server (in the order given) that answered, or -1 when none could. */
  server: number;
  method: string;
  path: string;
  status: number;
  /** The request's content type (multipart/form-data for an upload). */
  requestType: string;
}

export interface RoundRobin {
  url: string;
  /** Every request the proxy forwarded, in the order they were answered. */
  log: Routed[];
  /** Whether the proxy currently sends requests to each server. */
  healthy(): boolean[];
  /** Replaces a server (a restarted one) at the same index. */
  replace(index: number, url: string): void;
  close(): Promise<void>;
}

export async function startRoundRobin(upstreams: string[]): Promise<RoundRobin> {
  const targets = upstreams.map((u) => new URL(u));
  const up = targets.map(() => true);
  const log: Routed[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let turn = 0;

  const next = (): number => {
    for (let i = 0; i < targets.length; i++) {
      const candidate = (turn + i) % targets.length;
      if (up[candidate]) {
        turn = candidate + 1;
        return candidate;
      }
    }
    return -1;
  };

  const probe = async () => {
    await Promise.all(
      targets.map(async (target, i) => {
        try {
          const res = await fetch(new URL('/api/ready', target), { signal: AbortSignal.timeout(PROBE_MS * 4) });
          await res.arrayBuffer();
          up[i] = res.status === 200;
        } catch {
          up[i] = false;
        }
      }),
    );
  };
  let probing = true;
  const prober = (async () => {
    while (probing) {
      await probe();
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();

  const server = http.createServer((req, res) => {
    const index = next();
    const record = (status: number) => log.push({ server: index, method: req.method ?? '', path: req.url ?? '', status, requestType: String(req.headers['content-type'] ?? '') });
    if (index < 0) {
      record(503);
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 503, message: 'No API server is ready.' }));
      req.resume();
      return;
    }
    const target = targets[index];
    const forward = http.request({ agent, host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      record(answer.statusCode ?? 0);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      // The server went away (killed): out of the rotation until its readiness probe answers again.
      up[index] = false;
      record(502);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 502, message: 'The API server did not answer.' }));
      else res.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    healthy: () => [...up],
    replace(index, url) {
      targets[index] = new URL(url);
      up[index] = false;
    },
    async close() {
      probing = false;
      await prober;
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
