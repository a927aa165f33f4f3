// Transfer throughput and p99 latency over HTTP against a Postgres server, next to pgbench's built-in
// TPC-B (itself a bank-transfer benchmark) on the same server in the same run. Loopback only, bounded
// in time; both scratch databases are dropped at the end.
//
//   npm run bench:transfers            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_MEMBERS=64 npm run bench:transfers
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { openAccount } from '../../src/server/lib/open-account';
import { API_KEY_HEADER, API_SECRET_HEADER, IDEMPOTENCY_HEADER, ROLES, TOKEN_HEADER } from '../../src/shared/product';

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const connections = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 16), 64);
const memberCount = Math.min(Number(process.env.BENCH_MEMBERS ?? 64), 1000);
const poolSize = 16;

function urlFor(database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function benchTransfers(database: string) {
  const handle = await createDb({ databaseUrl: urlFor(database), maxConnections: poolSize });
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });

  // Members with two savings accounts each and plenty of money: the benchmark measures moving money,
  // not refusing it. Transfers spread over the members, like a bank's many independent customers.
  const members: Array<{ userId: number; a: { id: number; number: string }; b: { id: number; number: string }; token?: string }> = [];
  for (let i = 0; i < memberCount; i++) {
    const tag = `${database}-${i}`;
    const member = await handle.db.insertInto('members').values({ member_number: `B${i}-${database}`, first_name: 'Bench', last_name: String(i), email: null, mobile: null, dob: null }).returning('id').executeTakeFirstOrThrow();
    const user = await handle.db
      .insertInto('users')
      .values({ first_name: 'Bench', last_name: String(i), other_names: null, email: `${tag}@bench.example`, mobile: null, password_hash: 'not-used', role_id: ROLES.CUSTOMER, office_id: null, dob: null, gender: null, member_id: member.id, last_signed_in_on: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const numberA = `8${String(i).padStart(5, '0')}00001`;
    const numberB = `8${String(i).padStart(5, '0')}00002`;
    const a = await openAccount(handle.db, { memberId: member.id, accountNumber: numberA, type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 1_000_000_000 });
    const b = await openAccount(handle.db, { memberId: member.id, accountNumber: numberB, type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 1_000_000_000 });
    members.push({ userId: user.id, a: { id: a, number: numberA }, b: { id: b, number: numberB } });
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-bench-'));
  const app = await buildApp({ db: handle, logger: false, config: { env: 'test', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none'), sessionSeconds: 3600 } });
  // Bench-only route in this process: real sessions without driving the SMS sign-in 64 times.
  app.post<{ Params: { id: string } }>('/api/bench-only/session/:id', async (request, reply) => app.sessions.issue(Number(request.params.id), request, reply));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client', 'content-type': 'application/json' };
  for (const m of members) {
    const res = await fetch(`${address}/api/bench-only/session/${m.userId}`, { method: 'POST', headers: { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' } });
    m.token = ((await res.json()) as { token: string }).token;
  }

  let statusErrors = 0;
  const result = await autocannon({
    url: `${address}/api/accounts/transfer-to-self`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest(req) {
          const m = members[crypto.randomInt(members.length)];
          const [from, to] = crypto.randomInt(2) === 0 ? [m.a, m.b] : [m.b, m.a];
          return {
            ...req,
            headers: { ...headers, [TOKEN_HEADER]: m.token!, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
            body: JSON.stringify({ source_id: from.id, source_account: from.number, destination_id: to.id, destination_account: to.number, amount: (1 + crypto.randomInt(100)) / 100 }),
          };
        },
        onResponse(status) {
          if (status !== 200) statusErrors += 1;
        },
      },
    ],
  });
  await app.close();

  // The books still balance after the run (I1), checked on the database itself.
  await handle.close();
  const client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  const check = await client.query(`
    select (select count(*) from accounts a where a.balance_cents <> (select coalesce(sum(amount_cents), 0) from ledger_entries l where l.account_id = a.id)) as mismatched,
           (select count(*) from transfers) as transfers`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { result, statusErrors, mismatched: Number(check.rows[0].mismatched), transfers: Number(check.rows[0].transfers) };
}

function benchPgbench(database: string) {
  const url = urlFor(database);
  execFileSync('pgbench', ['-i', '-s', '1', '-q', url], { stdio: 'pipe', timeout: 120_000 });
  const out = execFileSync('pgbench', ['-c', String(connections), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8', stdio: 'pipe', timeout: (seconds + 60) * 1000 });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latency };
}

async function main() {
  const suffix = crypto.randomBytes(4).toString('hex');
  const transfersDb = `bench_transfers_${suffix}`;
  const pgbenchDb = `bench_pgbench_${suffix}`;
  await admin(`create database ${transfersDb}`);
  await admin(`create database ${pgbenchDb}`);
  try {
    console.log(`Transfers over HTTP: ${connections} connections, ${seconds} s, ${memberCount} members, pool ${poolSize} (Fastify + Kysely + Postgres at ${new URL(baseUrl).host})`);
    const t = await benchTransfers(transfersDb);
    const rps = t.result.requests.average;
    const ok = t.transfers / seconds;
    console.log(`  requests/s avg ${rps.toFixed(0)}, transfers committed ${t.transfers} (${ok.toFixed(0)}/s), non-200 answers ${t.statusErrors}, errors ${t.result.errors}, timeouts ${t.result.timeouts}`);
    console.log(`  latency ms: p50 ${t.result.latency.p50}, p90 ${t.result.latency.p90}, p99 ${t.result.latency.p99}, max ${t.result.latency.max}`);
    console.log(`  ledger check: ${t.mismatched} accounts whose balance differs from their ledger entries`);

    console.log(`pgbench TPC-B (built-in, scale 1): ${connections} clients, 2 threads, ${seconds} s`);
    const p = benchPgbench(pgbenchDb);
    console.log(`  tps ${p.tps.toFixed(0)}, latency average ${p.latency} ms`);

    console.log(`Ratio: transfers/s ÷ pgbench tps = ${(ok / p.tps).toFixed(3)} (${ok.toFixed(0)} / ${p.tps.toFixed(0)})`);
    if (t.mismatched !== 0 || t.statusErrors !== 0) process.exitCode = 1;
  } finally {
    await admin(`drop database if exists ${transfersDb} with (force)`);
    await admin(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

await main();
