// Transfer throughput over HTTP against a Postgres server, and two anchors on the same server in the same
// run: pgbench's built-in TPC-B (itself a bank-transfer benchmark) at a scale matching the product's
// contention (one branch row per client, as each connection here moves money between its own member's
// accounts), and the product's own transfer SQL (the statements performTransfer sends) as a pgbench script.
// The HTTP load comes from a process of its own (scripts/bench/lib/load.ts). Loopback only, bounded in
// time; the scratch databases are dropped at the end.
//
//   npm run bench:transfers            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_MEMBERS=64 npm run bench:transfers
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { openAccount } from '../../src/server/lib/open-account';
import { API_KEY_HEADER, API_SECRET_HEADER, IDEMPOTENCY_HEADER, ROLES, TOKEN_HEADER } from '../../src/shared/product';
import { runLoad, type LoadRequest } from './lib/load';

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

  // Each member's two accounts, both directions, a few amounts: cycled by the load generator, with a fresh
  // Idempotency-Key per request.
  const requests: LoadRequest[] = members.flatMap((m) =>
    [[m.a, m.b], [m.b, m.a]].flatMap(([from, to]) =>
      [1, 7, 42].map((cents) => ({
        method: 'POST' as const,
        path: '/api/accounts/transfer-to-self',
        headers: { ...headers, [TOKEN_HEADER]: m.token! },
        body: { source_id: from.id, source_account: from.number, destination_id: to.id, destination_account: to.number, amount: cents / 100 },
      })),
    ),
  );
  // Shuffled, so consecutive requests belong to different members as a bank's many customers' would.
  for (let i = requests.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [requests[i], requests[j]] = [requests[j], requests[i]];
  }
  const result = await runLoad({ url: address, connections, seconds, requests, freshUuidHeader: IDEMPOTENCY_HEADER });
  const statusErrors = Object.entries(result.statuses).filter(([status]) => status !== '200').reduce((n, [, count]) => n + count, 0);
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
  return { result, statusErrors, mismatched: Number(check.rows[0].mismatched), transfers: Number(check.rows[0].transfers), members };
}

function pgbench(url: string, args: string[]) {
  const out = execFileSync('pgbench', [...args, '-n', '-c', String(connections), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8', stdio: 'pipe', timeout: (seconds + 60) * 1000 });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latency };
}

/** TPC-B at one branch per client: pgbench's own transfer, with the contention of the product's run. */
function benchTpcb(database: string) {
  const url = urlFor(database);
  execFileSync('pgbench', ['-i', '-s', String(connections), '-q', url], { stdio: 'pipe', timeout: 300_000 });
  return pgbench(url, []);
}

/**
 * The statement performTransfer sends for a transfer to self (transfers.repository.ts), as a pgbench
 * script over the members the HTTP run used: the session row checked, the idempotency lookup, both accounts
 * locked, and the transfer, its two entries and both balances written, in one statement. Run as the product
 * runs it (a named prepared statement, `-M prepared`) and as plain text (`-M simple`).
 */
async function benchProductSql(database: string, members: Array<{ userId: number; a: { id: number }; b: { id: number } }>) {
  const first = members[0];
  const contiguous = members.every((m, i) => m.userId === first.userId + i && m.a.id === first.a.id + 2 * i && m.b.id === m.a.id + 1);
  if (!contiguous) throw new Error('The benchmark members were not numbered in sequence; the pgbench script cannot find their accounts');
  const script = `
\\set i random(0, ${members.length - 1})
\\set swap random(0, 1)
\\set src ${first.a.id} + 2 * :i + :swap
\\set dst ${first.a.id} + 2 * :i + 1 - :swap
\\set u ${first.userId} + :i
\\set amount random(1, 100)
WITH session AS (
  SELECT u.id AS user_id, u.member_id, u.role_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id = 'bench-' || :u AND s.revoked_on IS NULL AND s.expires_on > now() AND u.id = :u AND NOT u.is_blocked AND NOT u.is_deleted AND u.role_id = 2 AND u.member_id IS NOT NULL
), previous AS (
  SELECT id, reference_no, request_hash, amount_cents, created_on FROM transfers WHERE user_id = :u AND idempotency_key = 'k' || :u || '-' || md5(random()::text) AND EXISTS (SELECT 1 FROM session)
), locked AS (
  SELECT * FROM accounts WHERE (id = :src OR id = :dst) AND NOT EXISTS (SELECT 1 FROM previous) AND EXISTS (SELECT 1 FROM session) ORDER BY id FOR UPDATE
), source AS (
  SELECT * FROM locked WHERE id = :src AND member_id = (SELECT member_id FROM session) AND status = 'active'
), destination AS (
  SELECT * FROM locked WHERE id = :dst AND member_id = (SELECT member_id FROM session) AND status = 'active'
), allowed AS (
  SELECT source.id AS source_id, destination.id AS destination_id, source.account_number AS source_number, destination.account_number AS destination_number
    FROM source, destination
   WHERE source.id <> destination.id AND source.account_type IN ('savings', 'deposit') AND destination.account_type IN ('savings', 'deposit') AND source.balance_cents >= :amount
), transfer AS (
  INSERT INTO transfers (reference_no, user_id, idempotency_key, request_hash, kind, source_account_id, destination_account_id, amount_cents, instructions, created_on)
  SELECT 'TRF' || upper(substr(md5(random()::text), 1, 10)), :u, gen_random_uuid()::text, 'fingerprint', 'self', source_id, destination_id, :amount, NULL, now() FROM allowed
  RETURNING id, reference_no, created_on
), entries AS (
  INSERT INTO ledger_entries (account_id, transfer_id, amount_cents, kind, description, created_on)
  SELECT e.account_id, transfer.id, e.amount_cents, e.kind, e.description, transfer.created_on
    FROM transfer, allowed,
         LATERAL (VALUES (allowed.source_id, -:amount::bigint, 'transfer_debit', 'Transfer to account ending ' || right(allowed.destination_number, 4)),
                         (allowed.destination_id, :amount::bigint, 'transfer_credit', 'Transfer from account ending ' || right(allowed.source_number, 4))) AS e (account_id, amount_cents, kind, description)
), balances AS (
  UPDATE accounts SET balance_cents = balance_cents + CASE WHEN accounts.id = allowed.source_id THEN -:amount::bigint ELSE :amount::bigint END
    FROM allowed WHERE accounts.id IN (allowed.source_id, allowed.destination_id) AND EXISTS (SELECT 1 FROM transfer)
)
SELECT (SELECT row_to_json(previous) FROM previous), (SELECT json_agg(locked) FROM locked), (SELECT row_to_json(transfer) FROM transfer), (SELECT row_to_json(session) FROM session);
`;
  // The sessions the HTTP run opened, renamed so the script can name each member's.
  const client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  await client.query(`update sessions set id = 'bench-' || user_id where user_id between $1 and $2`, [first.userId, first.userId + members.length - 1]);
  await client.end();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cu-pgbench-')), 'transfer.sql');
  fs.writeFileSync(file, script);
  try {
    return { prepared: pgbench(urlFor(database), ['-M', 'prepared', '-f', file]), simple: pgbench(urlFor(database), ['-M', 'simple', '-f', file]) };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function main() {
  const suffix = crypto.randomBytes(4).toString('hex');
  const transfersDb = `bench_transfers_${suffix}`;
  const pgbenchDb = `bench_pgbench_${suffix}`;
  await admin(`create database ${transfersDb}`);
  await admin(`create database ${pgbenchDb}`);
  try {
    console.log(`Transfers over HTTP: ${connections} connections, ${seconds} s, ${memberCount} members, pool ${poolSize} (Fastify + Kysely + Postgres at ${new URL(baseUrl).host}); load from its own process`);
    const t = await benchTransfers(transfersDb);
    const ok = t.transfers / seconds;
    console.log(`  requests/s ${t.result.requestsPerSecond.toFixed(0)}, transfers committed ${t.transfers} (${ok.toFixed(0)}/s), non-200 answers ${t.statusErrors}, errors ${t.result.errors}, timeouts ${t.result.timeouts}`);
    console.log(`  latency ms: p50 ${t.result.latency.p50}, p90 ${t.result.latency.p90}, p99 ${t.result.latency.p99}, max ${t.result.latency.max}`);
    console.log(`  ledger check: ${t.mismatched} accounts whose balance differs from their ledger entries`);

    console.log(`The product's transfer SQL as a pgbench script (same database, same members): ${connections} clients, 2 threads, ${seconds} s`);
    const own = await benchProductSql(transfersDb, t.members);
    console.log(`  prepared (as the product sends it): tps ${own.prepared.tps.toFixed(0)}, latency average ${own.prepared.latency} ms; simple protocol: tps ${own.simple.tps.toFixed(0)}`);

    console.log(`pgbench TPC-B (built-in) at scale ${connections}, one branch per client: ${connections} clients, 2 threads, ${seconds} s`);
    const p = benchTpcb(pgbenchDb);
    console.log(`  tps ${p.tps.toFixed(0)}, latency average ${p.latency} ms`);

    console.log(`Transfers/s over HTTP ÷ TPC-B tps = ${(ok / p.tps).toFixed(2)} (goal >= 0.5); ÷ the same SQL in pgbench (prepared) = ${(ok / own.prepared.tps).toFixed(2)}`);
    if (t.mismatched !== 0 || t.statusErrors !== 0) process.exitCode = 1;
  } finally {
    await admin(`drop database if exists ${transfersDb} with (force)`);
    await admin(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

await main();
