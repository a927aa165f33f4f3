import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { API_TEXTS } from '../../src/server/lib/api-texts';
import { loadConfig, parseTrustProxy, runtimeEnv, type AppConfig } from '../../src/server/config';
import { seed, DEMO_ADMIN, DEMO_MEMBER } from '../../src/server/db/seed';
import type { DbHandle } from '../../src/server/db/create-db';
import { dbTargets } from '../helpers/test-db';
import { createTestApp, suiteApp, type TestApp } from '../helpers/test-app';
import { AUTH_TEXTS } from '../../src/shared/messages';

/** SECURITY.md row 23: fail-closed configuration, trusted proxies, and request/header/connection time limits. */

const root = path.resolve(import.meta.dirname, '../..');
const SECRETS = { JWT_SECRET: 's'.repeat(48), API_KEY: 'staging-key', API_SECRET: 'staging-client', DATABASE_URL: 'postgres://db.internal/cu' };

describe('NODE_ENV: only development and test are development', () => {
  it.each([
    [undefined, 'development'],
    ['', 'development'],
    ['development', 'development'],
    ['test', 'test'],
    ['production', 'production'],
    ['prod', 'production'],
    ['staging', 'production'],
    ['Production', 'production'],
    ['developmnet', 'production'],
    ['DEVELOPMENT', 'production'],
  ])('NODE_ENV=%s runs as %s', (value, expected) => {
    expect(runtimeEnv(value)).toBe(expected);
  });

  it('NODE_ENV=staging without secrets refuses to start, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(
      'Refusing to start in production (NODE_ENV=staging runs as production): JWT_SECRET must be set to a random value of at least 32 characters; API_KEY and API_SECRET must be set; DATABASE_URL must point at a Postgres server.',
    );
    expect(() => loadConfig({ NODE_ENV: 'prod', ...SECRETS, JWT_SECRET: 'development-only-jwt-secret-change-me-0123456789' })).toThrow(/JWT_SECRET/);
  });

  it('NODE_ENV=staging with secrets has no demo sign-ins and no development tools, even when asked for them', () => {
    const config = loadConfig({ NODE_ENV: 'staging', DEV_TOOLS: '1', ...SECRETS });
    expect(config).toMatchObject({ env: 'production', devTools: false, seedDemo: false, jwtSecret: SECRETS.JWT_SECRET });
    expect(loadConfig({ NODE_ENV: 'staging', ...SECRETS }, { devTools: true, seedDemo: true })).toMatchObject({ devTools: false, seedDemo: false });
  });

  it('the real server started with NODE_ENV=staging and no secrets exits at once with the message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-staging-'));
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'staging', DATA_DIR: dataDir, PORT: '0' };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/server.ts')], { cwd: root, env });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start in production (NODE_ENV=staging runs as production): JWT_SECRET must be set');
    expect(stdout).not.toContain('Demo sign-ins');
    // It stopped before opening a database: nothing was created.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 30_000);

  it('settings it cannot read stop the start instead of falling back', () => {
    expect(() => loadConfig({ SESSION_SECONDS: 'five minutes' })).toThrow('SESSION_SECONDS=five minutes: expected a whole number from 5 to 86400.');
    expect(() => loadConfig({ PORT: '3000x' })).toThrow(/PORT=3000x/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '5000' })).toThrow('HEADERS_TIMEOUT_MS cannot be longer than REQUEST_TIMEOUT_MS.');
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 120_000, headersMs: 15_000, connectionMs: 30_000, keepAliveMs: 5_000 });
  });

  it('transfer limits come from whole dollars in the environment, with the documented defaults', () => {
    expect(loadConfig({}).transferLimits).toEqual({ perTransferCents: 1_000_000, dailyCents: 2_000_000, newDestinationCents: 100_000, codesPerHour: 30, notFoundPerHour: 10 });
    expect(loadConfig({ TRANSFER_LIMIT_PER_TRANSFER: '500', TRANSFER_LIMIT_DAILY: '750', TRANSFER_LIMIT_NEW_DESTINATION: '50', TRANSFER_CODES_PER_HOUR: '5', TRANSFER_NOT_FOUND_PER_HOUR: '3' }).transferLimits).toEqual({
      perTransferCents: 50_000,
      dailyCents: 75_000,
      newDestinationCents: 5_000,
      codesPerHour: 5,
      notFoundPerHour: 3,
    });
    expect(() => loadConfig({ TRANSFER_LIMIT_DAILY: '20,000' })).toThrow('TRANSFER_LIMIT_DAILY=20,000: expected a whole number from 1 to 1000000000.');
  });
});

describe.each(dbTargets())('NODE_ENV=staging runs hardened on $name', (target) => {
  const env = { NODE_ENV: 'staging', ...SECRETS, ADMIN_EMAIL: 'ops@cu.example', ADMIN_PASSWORD: 'Ops-Admin!2345' };
  const headers = { 'x-api-key': SECRETS.API_KEY, 'x-api-secret': SECRETS.API_SECRET };
  let db: DbHandle;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    db = await target.open({ seed: false });
    const config = loadConfig(env);
    // What server.ts does on first start with this configuration.
    await seed(db.db, { demo: config.seedDemo, adminEmail: config.adminEmail, adminPassword: config.adminPassword });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-staging-'));
    app = await buildApp({ env, db, config: { logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo users, only the administrator named in the environment', async () => {
    const users = await db.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).toEqual(['ops@cu.example']);
    for (const who of [DEMO_ADMIN, DEMO_MEMBER]) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login', headers, payload: { email: who.email, password: who.password } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('has no development outbox, says production, and marks its cookies Secure', async () => {
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers });
    expect(outbox.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/config', headers })).json()).toMatchObject({ environment: 'production', dev_tools: false });
    const login = await app.inject({ method: 'POST', url: '/api/users/login', headers, payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'cu_sign_in')?.secure).toBe(true);
    // The development API key does not open the production API.
    expect((await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } })).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY takes a hop count or trusted addresses, never every hop', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16 ,::1, fd00::/8', ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY=%s reads as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'TRUE', '*', 'all'])('TRUST_PROXY=%s (trust every hop) refuses to start', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/would trust every hop/);
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.internal', '11', '10.0.0.1/8/2'])('TRUST_PROXY=%s is not understood and refuses to start', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});

describe.each(dbTargets())('a forged leftmost X-Forwarded-For changes nothing on $name', (target) => {
  const base = suiteApp(target);
  const PROXY = '10.9.9.9';
  const CLIENT = '203.0.113.7';
  let apps: TestApp[] = [];

  async function appWith(trustProxy: AppConfig['trustProxy']) {
    const built = await createTestApp(base.db, {
      config: { trustProxy },
      beforeReady(app) {
        app.get('/api/test-only/ip', async (request) => ({ ip: request.ip }));
      },
    });
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.close()));
    apps = [];
  });

  const forged = (i: number) => `198.18.${i >> 8}.${i & 255}`;
  const login = (t: TestApp, remoteAddress: string, xff: string | undefined, i: number) =>
    t.call({ method: 'POST', url: '/api/users/login', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {}, payload: { email: `nobody${i}@cu.example`, password: 'Whatever!234' } });

  it.each([
    ['a hop count of 1', 1],
    ['the proxy address', [PROXY]],
    ['the proxy range', ['10.9.0.0/16']],
  ] as const)('trusting %s: the client is the address the proxy saw, and the per-address limit holds', async (_label, trust) => {
    const t = await appWith(typeof trust === 'number' ? trust : [...trust]);
    const ip = await t.call({ method: 'GET', url: '/api/test-only/ip', remoteAddress: PROXY, headers: { 'x-forwarded-for': `6.6.6.6, ${CLIENT}` } });
    expect(ip.json().ip).toBe(CLIENT);
    // 30 sign-ins a minute per address: rotating a forged leftmost address does not reset the count.
    for (let i = 0; i < 30; i++) expect((await login(t, PROXY, `${forged(i)}, ${CLIENT}`, i)).statusCode).toBe(401);
    const refused = await login(t, PROXY, `${forged(99)}, ${CLIENT}`, 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: AUTH_TEXTS.tooManyLogins, request_id: expect.any(String) });
    // Another real client behind the same proxy has its own count.
    expect((await login(t, PROXY, `${forged(100)}, 203.0.113.8`, 100)).statusCode).toBe(401);
  });

  it('trusting listed proxies: a client connecting directly cannot name itself with X-Forwarded-For', async () => {
    const t = await appWith([PROXY]);
    const direct = '192.0.2.50';
    const ip = await t.call({ method: 'GET', url: '/api/test-only/ip', remoteAddress: direct, headers: { 'x-forwarded-for': CLIENT } });
    expect(ip.json().ip).toBe(direct);
    for (let i = 0; i < 30; i++) expect((await login(t, direct, forged(i), i)).statusCode).toBe(401);
    expect((await login(t, direct, forged(99), 99)).statusCode).toBe(429);
  });

  it('trusting no proxy (the default): X-Forwarded-For is ignored altogether', async () => {
    const t = await appWith(false);
    const ip = await t.call({ method: 'GET', url: '/api/test-only/ip', remoteAddress: PROXY, headers: { 'x-forwarded-for': `6.6.6.6, ${CLIENT}` } });
    expect(ip.json().ip).toBe(PROXY);
  });
});

describe('time limits: a slow or half-sent request cannot hold a socket', () => {
  const [pglite] = dbTargets();
  const timeouts = { requestMs: 1500, headersMs: 600, connectionMs: 800, keepAliveMs: 400 };
  let db: DbHandle;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    db = await pglite.open();
    t = await createTestApp(db, { config: { timeouts } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  /** Opens a raw socket, runs `feed` on it, and answers how long until the server closed it and what it said. */
  function openSocket(feed: (socket: net.Socket) => void): Promise<{ ms: number; received: string }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => feed(socket));
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ ms: performance.now() - started, received }));
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept the socket open for 10 s'));
      }, 10_000).unref();
    });
  }

  const HEADERS = 'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-api-key: cu-web\r\nx-api-secret: cu-web-client\r\n';

  it('the server is configured with the limits', () => {
    expect(t.app.server.requestTimeout).toBe(timeouts.requestMs);
    expect(t.app.server.headersTimeout).toBe(timeouts.headersMs);
    expect(t.app.server.keepAliveTimeout).toBe(timeouts.keepAliveMs);
    expect(t.app.server.timeout).toBe(timeouts.connectionMs);
  });

  it('headers and half a body, then silence: the connection is cut after the idle limit', async () => {
    const { ms } = await openSocket((socket) => socket.write(`${HEADERS}Content-Length: 1000\r\n\r\n${'{"email":"a@b.c",'.padEnd(500, ' ')}`));
    expect(ms).toBeGreaterThanOrEqual(timeouts.connectionMs - 100);
    expect(ms).toBeLessThan(timeouts.connectionMs + 1000);
  });

  it('a body dripped a byte at a time (never idle) is cut at the request limit with 408', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { ms, received } = await openSocket((socket) => {
      socket.write(`${HEADERS}Content-Length: 1000\r\n\r\n`);
      timer = setInterval(() => socket.writable && socket.write(' '), 100);
    });
    clearInterval(timer);
    expect(ms).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(ms).toBeLessThan(timeouts.requestMs + 1500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('an address or headers too large: 431 in the one error shape', async () => {
    const { received } = await openSocket((socket) => socket.write(`GET /api/users/${'1'.repeat(50_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(received).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 431, message: API_TEXTS.headersTooLarge, detail: API_TEXTS.headersTooLarge, request_id: expect.any(String) });
  });

  it('what the HTTP server answers itself (an Expect it does not support, bytes that are not HTTP): the one error shape, with the security headers', async () => {
    // Node answered "Expect: 200-ok" with a bare 417 and no body; its other own answers lacked nosniff and framing rules.
    const answers = [
      [417, API_TEXTS.expectRefused, `${HEADERS}Expect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`],
      [400, API_TEXTS.unreadable, 'GET /api/he\u0000alth HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      [431, API_TEXTS.headersTooLarge, `GET /api/users/${'1'.repeat(50_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
    ] as const;
    for (const [status, message, request] of answers) {
      const { received } = await openSocket((socket) => socket.write(request));
      expect(received, request.slice(0, 40)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const head = received.slice(0, received.indexOf('\r\n\r\n')).toLowerCase();
      expect(head).toContain('x-content-type-options: nosniff');
      expect(head).toContain("frame-ancestors 'none'");
      expect(head).toContain('content-type: application/json');
      expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ status, message, detail: message, request_id: expect.any(String) });
    }
  });

  it('a path part longer than any id is a 404, not a 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/signups/${'a'.repeat(101)}`, headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().request_id).toEqual(expect.any(String));
  });

  it('headers dripped a line at a time are cut at the header limit', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { ms, received } = await openSocket((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      let n = 0;
      timer = setInterval(() => socket.writable && socket.write(`x-slow-${n++}: 1\r\n`), 100);
    });
    clearInterval(timer);
    expect(ms).toBeGreaterThanOrEqual(timeouts.headersMs - 100);
    expect(ms).toBeLessThan(timeouts.headersMs + 1500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('an idle keep-alive connection is closed after the keep-alive limit', async () => {
    const { ms, received } = await openSocket((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nx-api-key: cu-web\r\nx-api-secret: cu-web-client\r\n\r\n'));
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    // Node adds a fixed 1 s buffer to the keep-alive limit before it closes the socket.
    expect(ms).toBeLessThan(timeouts.keepAliveMs + 2000);
  });
});
