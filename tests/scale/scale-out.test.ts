// The scale-out test (DESIGN.md section 6, docs/operations.md): two real API server processes on one
// Postgres database, one Redis and one S3 store (a real s3rver the test starts, or the store S3_URL names),
// behind a round-robin proxy, behave as one server: a whole onboarding, a sign-in split over both,
// the per-address and per-account throttles, and a server killed under load with nothing lost.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startServer, type RunningServer } from '../e2e/harness';
import {
  createScratchDatabase,
  expectBooksBalanced,
  expectExactlyTheClientsTransfers,
  killHard,
  readBooks,
  replayAcknowledged,
  retryUnknown,
  signIn,
  sleep,
  startLoad,
  summary,
  transferPlanner,
  TransferBook,
  waitFor,
  type ScratchDatabase,
} from '../reliability/drill-kit';
import { startRoundRobin, type RoundRobin } from './round-robin';
import { startS3, type TestS3 } from '../helpers/s3-server';
import { fileContent, JOURNEYS_DIR, loadFlow, loadJourney, replayJourney } from '../../scripts/lib/replay-journey';
import { adminSession } from '../../scripts/lib/stored-application';
import { DEMO_MEMBER, DEMO_OTHER_MEMBER } from '../../src/server/db/seed';
import { IP_LIMITS } from '../../src/server/lib/auth-rate-limit';
import { FAILED_SIGN_IN_LIMIT } from '../../src/server/lib/sign-in-throttle';
import { AUTH_TEXTS } from '../../src/shared/messages';
import { API_KEY_HEADER, API_SECRET_HEADER, TOKEN_HEADER } from '../../src/shared/product';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CLIENT = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' };
const JOURNEY = 'adult-new-local.json';

interface Answer {
  status: number;
  json: any;
  cookies: string[];
}

async function call(baseUrl: string, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...CLIENT, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]) };
}

/** One wrong password for `email`, from the client address `ip` (X-Forwarded-For behind the one trusted hop). */
const login = (baseUrl: string, email: string, password: string, ip: string) => call(baseUrl, 'POST', '/api/users/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('scale-out: two API servers on one Postgres, one Redis and one file store, round-robin', () => {
  let db: ScratchDatabase;
  let uploads: string;
  let s3: TestS3 | undefined;
  let env: Record<string, string>;
  const runId = crypto.randomBytes(6).toString('hex');
  const prefix = `cu-scale:${runId}:`;
  const servers: RunningServer[] = [];
  let lb: RoundRobin;

  beforeAll(async () => {
    db = await createScratchDatabase();
    // Each server has its own upload folder, unused: documents live in the one S3 store both servers share.
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-scale-uploads-'));
    if (!process.env.S3_URL) s3 = await startS3();
    env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      UPLOAD_DIR: path.join(uploads, 'unused'),
      TRUST_PROXY: '1',
      SESSION_SECONDS: '1800',
      LOG_LEVEL: 'error',
      S3_URL: process.env.S3_URL ?? s3!.url,
    };
    // The first start migrates and seeds the empty database; the second finds it ready.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    lb = await startRoundRobin(servers.map((s) => s.url));
    await waitFor('both servers ready behind the proxy', () => lb.healthy().every(Boolean), 10_000);
  });

  afterAll(async () => {
    await lb?.close();
    for (const server of servers) await server.stop();
    await db?.drop();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
    await s3?.stop();
    await s3?.remove();
    const redis = new Redis(REDIS_URL);
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('answers the probes of a load balancer on both servers, without client headers, with up alone', async () => {
    for (const server of servers) {
      for (const probe of ['/api/health', '/api/ready']) {
        const res = await fetch(`${server.url}${probe}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: 'up' });
      }
    }
  });

  it('takes a whole onboarding with its uploads through both servers; another server reviews it, serves each document and approves it', async () => {
    const file = path.join(JOURNEYS_DIR, JOURNEY);
    const journey = loadJourney(file);
    const from = lb.log.length;
    const result = await replayJourney(journey, { baseUrl: lb.url });
    expect(result.ok, result.verdicts.map((v) => `${v.step}: ${v.verdict} ${v.detail}`).join('\n')).toBe(true);
    const walk = lb.log.slice(from);
    // Every request went round-robin: both servers took part, alternately.
    expect(new Set(walk.map((r) => r.server))).toEqual(new Set([0, 1]));
    expect(walk.every((r, i) => i === 0 || r.server !== walk[i - 1].server)).toBe(true);

    // Which server took each step's upload (two steps of the flow may share an endpoint: the journey's own is meant).
    const flow = loadFlow();
    const withFiles = journey.entries.filter((e) => e.files && Object.keys(e.files).length);
    const uploadedOn = new Map<string, number>();
    for (const request of walk.filter((r) => r.requestType.startsWith('multipart/form-data') && r.status < 300)) {
      const step = withFiles.find((e) => `/api${flow.steps[e.step].submit?.endpoint}` === request.path.split('?')[0])?.step;
      if (step) uploadedOn.set(step, request.server);
    }
    expect([...uploadedOn.keys()].sort()).toEqual(withFiles.map((e) => e.step).sort());

    // The review, on each document's other server: what was uploaded on one is served, byte for byte, by the other.
    // One administrator's session, opened on the second server, serves on both.
    const session = await adminSession(servers[1].url);
    const sessions = [session, session];
    const review = await call(servers[0].url, 'GET', `/api/signups/${result.signupId}`, { headers: { cookie: sessions[0] } });
    expect(review.status).toBe(200);
    expect(review.json.signup.status).toBe('pending_approval');
    let served = 0;
    for (const entry of withFiles) {
      const other = 1 - uploadedOn.get(entry.step)!;
      for (const [field, fixtures] of Object.entries(entry.files!)) {
        for (const fixture of fixtures) {
          const stored = (review.json.files as Array<{ id: string; step: string; field: string; original_name: string }>).find((f) => f.step === entry.step && f.field === field && f.original_name === fixture.name);
          expect(stored, `${entry.step}.${field}: ${fixture.name} stored`).toBeDefined();
          const res = await fetch(`${servers[other].url}/api/signups/${result.signupId}/files/${stored!.id}`, { headers: { ...CLIENT, cookie: sessions[other] } });
          expect(res.status).toBe(200);
          expect(Buffer.from(await res.arrayBuffer()).equals(fileContent(fixture))).toBe(true);
          served += 1;
        }
      }
    }
    expect(served).toBeGreaterThanOrEqual(withFiles.length);
    // They were served from the shared store: nothing was written to a server's own folder.
    if (s3) expect((await s3.keys()).length).toBeGreaterThanOrEqual(served);
    expect(fs.existsSync(path.join(uploads, 'unused')) ? fs.readdirSync(path.join(uploads, 'unused')) : []).toEqual([]);

    // Approved on one server, seen approved on the other.
    const approved = await call(servers[1].url, 'PUT', '/api/signups/approve', { body: { signup_id: result.signupId }, headers: { cookie: sessions[1] } });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const after = await call(servers[0].url, 'GET', `/api/signups/${result.signupId}`, { headers: { cookie: sessions[0] } });
    expect(after.json.signup.status).toBe('approved');
  });

  it('signs a member in with the password on one server and the SMS code on the other', async () => {
    const [user] = await db.sql<{ id: number; mobile: string }>('select id, mobile from users where email = $1', [DEMO_MEMBER.email]);
    const password = await login(servers[0].url, DEMO_MEMBER.email, DEMO_MEMBER.password, '198.51.100.7');
    expect(password.status, JSON.stringify(password.json)).toBe(200);
    const attempt = password.cookies.find((c) => c.startsWith('cu_sign_in='));
    expect(attempt).toBeDefined();
    // The code as the member's phone received it: the outbox row the first server wrote.
    const [message] = await db.sql<{ body: string }>("select body from outbox_messages where recipient = $1 and purpose = 'sign_in_code' order by id desc limit 1", [user.mobile]);
    const code = /\b(\d{6})\b/.exec(message.body)![1];
    const verified = await call(servers[1].url, 'POST', '/api/device-verifications/verify/', {
      body: { identifier_type: 'mobile', operation: 'sign_in', user_id: user.id, code },
      headers: { cookie: attempt!, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    // The session opened on the second server works on the first.
    const accounts = await call(servers[0].url, 'GET', '/api/accounts', { headers: { [TOKEN_HEADER]: verified.json.access_token } });
    expect(accounts.status).toBe(200);
  });

  it(`holds the per-address sign-in limit over both servers: ${IP_LIMITS.login.max} wrong passwords from one address, then 429`, async () => {
    const ip = '198.51.100.30';
    const statuses: number[] = [];
    for (let i = 0; i <= IP_LIMITS.login.max; i++) statuses.push((await login(lb.url, `nobody.${i}.${runId}@example.com`, 'Wrong-password-1', ip)).status);
    // On two servers counting apart, each would have let twice the limit through.
    expect(statuses).toEqual([...Array(IP_LIMITS.login.max).fill(401), 429]);
  });

  it('carries on when one server is killed mid-load: every transfer acknowledged exactly once, nothing lost; a restarted server rejoins', async () => {
    const marcus = await signIn(lb.url, db, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const grace = await signIn(lb.url, db, DEMO_OTHER_MEMBER.email, DEMO_OTHER_MEMBER.password);
    const opening = await readBooks(db);
    const book = new TransferBook();
    const load = startLoad({ baseUrl: lb.url, plan: transferPlanner(marcus, grace, 20261125), book, workers: 6, maxRequests: 300, maxMs: 60_000, timeoutMs: 15_000 });
    await waitFor('30 acknowledged transfers over both servers', () => book.count('acked') >= 30, 60_000);
    const inFlightAtKill = load.inFlight();
    await killHard(servers[0]);
    const ackedAtKill = book.count('acked');
    // Mid-load: transfers were on their way, and the killed server had been serving its share.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(lb.log.some((r) => r.server === 0 && r.path.startsWith('/api/accounts/transfer') && r.status === 200)).toBe(true);
    // Answers the dead server wrote just before it died may still be on their way through the proxy.
    await sleep(300);
    const killedAt = lb.log.length;
    await waitFor('30 more acknowledged transfers on the server left', () => book.count('acked') >= ackedAtKill + 30, 60_000);
    await load.stop();
    // After the kill only the other server answered (a request sent to the dead one got a 502, and was retried below).
    expect(lb.log.slice(killedAt).filter((r) => r.status < 500).every((r) => r.server === 1)).toBe(true);
    expect(lb.healthy()).toEqual([false, true]);

    // Whatever the client could not be sure of is sent again with its idempotency key.
    await retryUnknown(lb.url, book, { timeoutMs: 15_000, rounds: 5, concurrency: 4 });
    const books = await readBooks(db);
    expectBooksBalanced(books, opening.total);
    expectExactlyTheClientsTransfers(books, book, opening.balances);
    await replayAcknowledged(lb.url, book, 10);
    console.log(`scale-out kill: ${summary(book)}; ${ackedAtKill} acknowledged before the kill`);

    // A new server on the same database and Redis takes the dead one's place.
    await servers[0].stop();
    servers[0] = await startServer(env);
    lb.replace(0, servers[0].url);
    await waitFor('the restarted server ready behind the proxy', () => lb.healthy().every(Boolean), 10_000);
  });

  it(`holds the per-account throttle over both servers: ${FAILED_SIGN_IN_LIMIT + 1} wrong passwords from as many addresses, the last refused, and then the right password too`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FAILED_SIGN_IN_LIMIT; i++) statuses.push((await login(lb.url, DEMO_OTHER_MEMBER.email, `Wrong-password-${i}`, `203.0.113.${1 + (i % 250)}`)).status);
    expect(statuses).toEqual([...Array(FAILED_SIGN_IN_LIMIT).fill(401), 429]);
    for (const server of servers) {
      const right = await login(server.url, DEMO_OTHER_MEMBER.email, DEMO_OTHER_MEMBER.password, '192.0.2.50');
      expect(right.status).toBe(429);
      expect(right.json.message).toBe(AUTH_TEXTS.tooManyLogins);
    }
  });
});
