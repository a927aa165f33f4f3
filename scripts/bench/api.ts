// The API's throughput on Postgres next to bare Fastify on the same machine, in the same run:
// - GET /api/health against a bare Fastify route that answers the same JSON;
// - a wizard step's call with the funnel's events, and without them (FUNNEL_EVENTS=0);
// - a wizard step's call (BENCH_STEP, default politically-exposed-persons: a JSON step of the generic step
//   routes) against bare Fastify validating the same form schema and storing the body with one insert;
// - the ceiling the step's statement sets: bare Fastify, the same schema, running only the product's own statement
//   (saveStepIfUnchanged, as a remembered draft's call runs it) with none of the route's checks around it.
// The load comes from a process of its own (scripts/bench/lib/load.ts); the product and the anchor take turns
// (BENCH_ROUNDS rounds, the best of each printed), so the machine's other work touches both alike. Loopback
// only; the scratch database is dropped at the end.
//
//   npm run bench:api            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=2 npm run bench:api
//   BENCH_ONLY=peps npm run bench:api        (only the cases whose label matches)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import ajvErrors from 'ajv-errors';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { saveStepIfUnchanged, type StepGuard } from '../../src/server/lib/signup-steps.repository';
import { CONTEXT_COLUMNS } from '../../src/server/lib/applicant-facts';
import { API_KEY_HEADER, API_SECRET_HEADER, APPLICANT_TOKEN_HEADER } from '../../src/shared/product';
import { FUNNEL_STEP_HEADER, FUNNEL_VISIT_HEADER } from '../../src/shared/funnel';
import { signupBody, stepRequest, flow } from '../../tests/helpers/journey-bodies';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load';

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const connections = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 50), 256);
const rounds = Math.min(Number(process.env.BENCH_ROUNDS ?? 2), 5);
const stepId = process.env.BENCH_STEP ?? 'politically-exposed-persons';
const applicants = Math.min(Number(process.env.BENCH_APPLICANTS ?? 100), 5000);
/** The product's pool (createDb's default), and the anchor's. */
const poolSize = 10;

function urlFor(database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const clientHeaders = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' };
const someAddress = (n: number) => `10.200.${Math.floor(n / 250)}.${1 + (n % 250)}`;

async function main() {
  const step = flow.steps[stepId];
  if (!step?.submit || step.submit.action || (step.submit.encoding ?? 'json') !== 'json' || !step.form) {
    throw new Error(`BENCH_STEP=${stepId}: pick a form step with a JSON submit call and no server action`);
  }
  const database = `bench_api_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(`create database ${database}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-bench-'));
  const anchorPool = new pg.Pool({ connectionString: urlFor(database), max: poolSize });
  try {
    const handle = await createDb({ databaseUrl: urlFor(database), maxConnections: poolSize });
    await migrateToLatest(handle.db);
    await seed(handle.db, { demo: true });
    // trustProxy 1: the load's X-Forwarded-For makes it many applicants' addresses, as in production behind
    // one proxy (the per-address limits still count every call).
    const app = await buildApp({ db: handle, logger: false, config: { env: 'test', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none'), trustProxy: 1 } });
    const product = await app.listen({ host: '127.0.0.1', port: 0 });
    // The same product with the onboarding funnel's events off: what recording them costs a step call.
    const quiet = await buildApp({ db: handle, logger: false, config: { env: 'test', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none'), trustProxy: 1, funnelEvents: false } });
    const withoutFunnel = await quiet.listen({ host: '127.0.0.1', port: 0 });

    // Applicants made through the real calls (POST /signups/ with the QA journeys' bodies).
    const stepCalls: LoadRequest[] = [];
    const anchorCalls: LoadRequest[] = [];
    for (let n = 0; n < applicants; n++) {
      const res = await fetch(`${product}/api/signups/`, { method: 'POST', headers: { ...clientHeaders, 'content-type': 'application/json', 'x-forwarded-for': someAddress(n) }, body: JSON.stringify(signupBody(900_000 + n)) });
      const created = (await res.json()) as { id: string; applicant_token: string };
      if (res.status !== 201) throw new Error(`POST /signups/: ${res.status} ${JSON.stringify(created)}`);
      const call = stepRequest(stepId, { n: 900_000 + n });
      const body = { ...call.body, signup_id: created.id };
      // As the wizard sends it: the funnel's visit and step headers too.
      const funnel = { [FUNNEL_VISIT_HEADER]: `bench-visit-${n}`, [FUNNEL_STEP_HEADER]: stepId };
      stepCalls.push({ method: call.method as LoadRequest['method'], path: call.url, headers: { ...clientHeaders, ...funnel, [APPLICANT_TOKEN_HEADER]: created.applicant_token }, body });
      anchorCalls.push({ method: 'POST', path: '/anchor/step', body });
    }

    // The anchor: bare Fastify, the same form schema (Fastify's own ajv, with ajv-errors as the forms use),
    // one insert per call into a table of the same shape.
    await anchorPool.query('create table anchor_steps (signup_id text not null, step text not null, data jsonb not null, updated_on timestamptz not null default now())');
    const schema = app.forms.schemaOf(step.form) as { properties?: Record<string, unknown> };
    const anchor = Fastify({ logger: false, ajv: { customOptions: { strict: false, allErrors: true }, plugins: [ajvErrors as never] } });
    anchor.get('/health', async () => ({ status: 'up' }));
    anchor.post('/anchor/step', { schema: { body: { ...schema, properties: { ...schema.properties, signup_id: { type: 'string' } } } } }, async (request, reply) => {
      const { signup_id: signupId, ...data } = request.body as Record<string, unknown>;
      await anchorPool.query('insert into anchor_steps (signup_id, step, data) values ($1, $2, $3)', [signupId, stepId, JSON.stringify(data)]);
      reply.status(201);
      return { signup_id: signupId, step: stepId, ...data };
    });
    // The ceiling: the same bare route storing with the product's statement (the token, its expiry and the context
    // read once here, as the route remembers them), so the route's checks are all the difference to the step call.
    const guards = new Map<string, StepGuard>();
    const rows = await handle.db.selectFrom('signups').select(['id', 'applicant_token_hash', ...CONTEXT_COLUMNS]).execute();
    for (const row of rows) guards.set(row.id, row);
    anchor.post('/bound/step', { schema: { body: { ...schema, properties: { ...schema.properties, signup_id: { type: 'string' } } } } }, async (request, reply) => {
      const { signup_id: signupId, ...data } = request.body as Record<string, unknown>;
      const stored = await saveStepIfUnchanged(handle.db, signupId as string, stepId, data, { now: new Date(), configVersion: app.configVersion }, guards.get(signupId as string)!);
      reply.status(stored ? 201 : 409);
      return { signup_id: signupId, step: stepId, ...data };
    });
    const boundCalls = anchorCalls.map((call) => ({ ...call, path: '/bound/step' }));
    const bare = await anchor.listen({ host: '127.0.0.1', port: 0 });

    const cases = [
      { label: 'GET /api/health', url: product, requests: [{ method: 'GET', path: '/api/health', headers: clientHeaders }] as LoadRequest[] },
      { label: 'anchor: bare Fastify GET /health', url: bare, requests: [{ method: 'GET', path: '/health' }] as LoadRequest[] },
      { label: `${step.submit.method} /api${step.submit.endpoint} (${stepId})`, url: product, requests: stepCalls },
      { label: 'anchor: bare Fastify, same schema, one insert', url: bare, requests: anchorCalls },
      { label: "bare Fastify, same schema, the step's own statement", url: bare, requests: boundCalls },
      { label: `the same step call, funnel events off`, url: withoutFunnel, requests: stepCalls },
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
    const best = new Map<string, LoadResult>();
    // What each case asked of Postgres's write-ahead log, per request (the server's pg_stat_wal before and after a run).
    const walPerRequest = new Map<string, string>();
    const walStats = async () => (await anchorPool.query<{ records: string; fpi: string; bytes: string; syncs: string }>('select wal_records as records, wal_fpi as fpi, wal_bytes as bytes, wal_sync as syncs from pg_stat_wal')).rows[0];
    console.log(`API on Postgres at ${new URL(baseUrl).host}: ${connections} connections, ${seconds} s a run, ${rounds} rounds taking turns, pool ${poolSize}, ${applicants} applicants; load from its own process`);
    for (let round = 0; round < rounds; round++) {
      for (const c of cases) {
        if (only && !only.test(c.label)) continue;
        const before = await walStats();
        const result = await runLoad({ url: c.url, connections, seconds, requests: c.requests, randomClientAddress: true });
        const after = await walStats();
        const done = result.requestsPerSecond * seconds;
        const per = (k: keyof typeof before) => (Number(after[k]) - Number(before[k])) / done;
        const wrong = Object.entries(result.statuses).filter(([s]) => !/^2/.test(s));
        if (wrong.length || result.errors) throw new Error(`${c.label}: answers ${JSON.stringify(result.statuses)}, errors ${result.errors}`);
        if ((best.get(c.label)?.requestsPerSecond ?? 0) < result.requestsPerSecond) {
          best.set(c.label, result);
          walPerRequest.set(c.label, `WAL a request: ${per('bytes').toFixed(0)} bytes, ${per('records').toFixed(1)} records, ${per('fpi').toFixed(2)} full pages; ${per('syncs').toFixed(2)} syncs`);
        }
      }
    }
    const line = (label: string) => {
      const r = best.get(label)!;
      return `  ${label.padEnd(58)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms\n    ${walPerRequest.get(label)}`;
    };
    for (const c of cases) if (best.has(c.label)) console.log(line(c.label));
    const ratio = (a: string, b: string) => (best.has(a) && best.has(b) ? (best.get(a)!.requestsPerSecond / best.get(b)!.requestsPerSecond).toFixed(2) : '-');
    console.log(`Health: ${ratio(cases[0].label, cases[1].label)} of bare Fastify (goal >= 0.5)`);
    console.log(`Step call: ${ratio(cases[2].label, cases[3].label)} of bare Fastify with the same schema and one insert (goal >= 0.6)`);
    console.log(`  Ceiling: the step's own statement with nothing around it runs at ${ratio(cases[4].label, cases[3].label)} of the anchor; the step call at ${ratio(cases[2].label, cases[4].label)} of that ceiling`);
    if (best.has(cases[2].label) && best.has(cases[5].label)) {
      const cost = 1 - best.get(cases[2].label)!.requestsPerSecond / best.get(cases[5].label)!.requestsPerSecond;
      console.log(`Funnel events: a step call with them runs at ${ratio(cases[2].label, cases[5].label)} of the same call without (${(cost * 100).toFixed(1)} % slower; goal < 5 %)`);
    }
    const stored = await anchorPool.query(`select count(*) as n from signup_steps where step = $1`, [stepId]);
    console.log(`  (${stored.rows[0].n} applicants hold the step; the anchor stored ${(await anchorPool.query('select count(*) as n from anchor_steps')).rows[0].n} rows)`);
    await anchor.close();
    await quiet.close();
    await app.close();
    await handle.close();
  } finally {
    await anchorPool.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${database} with (force)`);
  }
}

await main();
