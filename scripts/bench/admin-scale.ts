// The administrator's application queue at a million applications on Postgres: seeds a scratch database
// (BENCH_SIGNUPS, default 1,000,000: 10 % drafts, the rest pending, approved or rejected), then times the
// list over HTTP against the real app (page 1, the last page, a status filter, searches) next to two anchors
// measured in the same run (`GET /api/health` through the same app; a primary-key lookup on the same table),
// and prints each query's plan (EXPLAIN ANALYZE) with the queries the list ran before this change beside them.
//
//   npm run bench:admin-scale            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SIGNUPS=100000 npm run bench:admin-scale
// The scratch database is dropped at the end; the seed takes about a minute per million rows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { listSignups } from '../../src/server/routes/signups-admin/signups-admin.repository';
import { API_KEY_HEADER, API_SECRET_HEADER, TOKEN_HEADER } from '../../src/shared/product';
import type { SignupStatusFilter } from '../../src/shared/statuses';

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const signupCount = Math.min(Number(process.env.BENCH_SIGNUPS ?? 1_000_000), 5_000_000);
const runs = 50;
const PAGE_SIZE = 20;

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

/**
 * Applications with names, emails and mobiles spread like real ones (40 first names, 900 surnames from
 * syllables, ten mail domains), statuses 10 % draft / 40 % pending / 30 % approved / 20 % rejected and
 * creation times over three years. Loaded as a bulk load is (triggers off, then the counts recomputed and
 * the table vacuumed, as autovacuum would), so the seed takes a minute rather than an hour.
 */
async function seedSignups(client: pg.Client) {
  await client.query(`set session_replication_role = replica`);
  await client.query(`
    insert into signups (id, status, applicant_token_hash, token_expires_on, first_name, last_name, middle_name, email, mobile, dob,
                         gender, nationality, password_hash, created_on, updated_on, submitted_on)
    select md5('signup' || n)::uuid::text,
           case when n % 10 = 0 then 'draft' when n % 10 < 5 then 'pending_approval' when n % 10 < 8 then 'approved' else 'rejected' end,
           md5('token' || n), now() + interval '1 day', first, last,
           case when n % 4 = 0 then 'Marie' else null end,
           lower(first) || '.' || lower(last) || (n % 1000) || '@' || (array['gmail.com','yahoo.com','hotmail.com','outlook.com','tstt.net.tt','live.com','icloud.com','mail.tt','aol.com','proton.me'])[1 + n % 10],
           '+1868' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0'),
           date '1960-01-01' + (n % 20000),
           case when n % 2 = 0 then 'Female' else 'Male' end, 'TT', 'not-a-password-hash',
           now() - make_interval(secs => (${signupCount} - n) * 90),
           now() - make_interval(secs => (${signupCount} - n) * 90),
           case when n % 10 = 0 then null else now() - make_interval(secs => (${signupCount} - n) * 90) end
      from generate_series(1, ${signupCount}) as n,
           lateral (select (array['Ava','Liam','Maya','Noah','Zara','Ethan','Aaliyah','Kofi','Priya','Rohan','Sasha','Tariq','Imani','Devon','Keisha','Marlon',
                                  'Anika','Brandon','Celeste','Darius','Elena','Faisal','Gabrielle','Hassan','Indira','Jamal','Kavita','Leon','Nadia','Omar',
                                  'Petra','Quincy','Rhea','Stefan','Tamika','Usha','Vikram','Wendell','Xiomara','Yusuf'])[1 + (n * 31) % 40] as first,
                          initcap((array['ram','sing','bap','char','will','mah','per','jos','tho','gar','lew','kha','bis','fran','cam','rob','phil','gom','dan','sam','mor','ali','nar','rag','sea','joh','bal','har','sook','ben'])[1 + (n * 7) % 30]
                                  || (array['kissoon','dial','tiste','les','iams','araj','sad','eph','mas','cia','is','an','sessar','cis','pbell','erts','lip','ez','iel','uel','ris','chan','ine','oo','ale','nson','wah','ry','dar','jamin'])[1 + (n / 30) % 30]) as last) as names`);
  await client.query(`set session_replication_role = default`);
  // One application in 500 is claimed by the demo administrator: the "mine" filter's share of a busy queue.
  await client.query(`set session_replication_role = replica`);
  await client.query(`update signups set assignee_user_id = (select id from users where email = 'admin@cu.example'), assigned_on = created_on where status <> 'draft' and abs(hashtext(id)) % 500 = 1`);
  await client.query(`set session_replication_role = default`);
  await client.query(`update signup_status_counts c set total = (select count(*) from signups s where s.status = c.status)`);
  await client.query('vacuum analyze signups');
  await client.query('vacuum analyze signup_status_counts');
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  const database = `bench_admin_scale_${crypto.randomBytes(4).toString('hex')}`;
  const url = urlFor(database);
  await onServer(`create database ${database}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-bench-'));
  try {
    const handle = await createDb({ databaseUrl: url });
    await migrateToLatest(handle.db);
    await seed(handle.db, { demo: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    await seedSignups(client);
    const seeded = Number((await client.query(`select count(*) as n from signups`)).rows[0].n);
    console.log(`Seeded ${seeded.toLocaleString('en')} applications in ${((performance.now() - started) / 1000).toFixed(0)} s (Postgres at ${new URL(baseUrl).host}, database ${database})`);

    const app = await buildApp({ db: handle, logger: false, config: { env: 'test', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') } });
    const adminUser = await handle.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
    // Bench-only route in this process: a real administrator session without driving the SMS sign-in.
    app.post('/api/bench-only/session', async (request, reply) => app.sessions.issue(adminUser.id, request, reply));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const clientHeaders = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' };
    const { token } = (await (await fetch(`${address}/api/bench-only/session`, { method: 'POST', headers: clientHeaders })).json()) as { token: string };
    const headers = { ...clientHeaders, [TOKEN_HEADER]: token };

    const totalSubmitted = Number((await client.query(`select count(*) as n from signups where status <> 'draft'`)).rows[0].n);
    const lastPage = Math.ceil(totalSubmitted / PAGE_SIZE);
    const pending = Number((await client.query(`select count(*) as n from signups where status = 'pending_approval'`)).rows[0].n);
    // Search terms a person would type, taken from one seeded application: its surname, its email's name, its mobile.
    const sample = (await client.query(`select last_name, email, mobile from signups where id = md5('signup' || 777777 % ${signupCount})::uuid::text`)).rows[0] as { last_name: string; email: string; mobile: string };
    const searches = [
      { what: 'a surname', text: sample.last_name },
      { what: 'an email', text: sample.email.split('@')[0] },
      { what: 'a mobile', text: `${sample.mobile.slice(5, 8)} ${sample.mobile.slice(8)}` },
    ];
    const cases: Array<{ label: string; query: string; options: { page: number; status?: SignupStatusFilter; search?: string; assigneeUserId?: number } }> = [
      { label: 'page 1', query: '', options: { page: 1 } },
      { label: `last page (${lastPage.toLocaleString('en')})`, query: `page=${lastPage}`, options: { page: lastPage } },
      { label: 'pending, page 1', query: 'status=pending', options: { page: 1, status: 'pending' } },
      { label: 'pending, last page', query: `status=pending&page=${Math.ceil(pending / PAGE_SIZE)}`, options: { page: Math.ceil(pending / PAGE_SIZE), status: 'pending' } },
      ...searches.map(({ what, text }) => ({ label: `search ${what} ("${text}")`, query: `search=${encodeURIComponent(text)}`, options: { page: 1, search: text } })),
      { label: 'mine, page 1', query: 'mine=true', options: { page: 1, assigneeUserId: adminUser.id } },
      { label: 'mine, pending, page 1', query: 'mine=true&status=pending', options: { page: 1, status: 'pending', assigneeUserId: adminUser.id } },
    ];

    // Interleaved rounds: each case and the anchors take turns, so load on the machine touches them alike.
    const timings = new Map<string, number[]>();
    const time = async (label: string, run: () => Promise<unknown>) => {
      const t0 = performance.now();
      await run();
      const list = timings.get(label) ?? [];
      list.push(performance.now() - t0);
      timings.set(label, list);
    };
    const someId = (await client.query(`select id from signups where status = 'approved' limit 1 offset 12345`)).rows[0].id as string;
    const answers = new Map<string, number>();
    for (let round = 0; round < runs + 3; round++) {
      for (const c of cases) {
        await time(c.label, async () => {
          const res = await fetch(`${address}/api/signups?${c.query}`, { headers });
          const body = (await res.json()) as { signups: unknown[]; total: number };
          if (res.status !== 200) throw new Error(`${c.label}: ${res.status} ${JSON.stringify(body)}`);
          answers.set(c.label, body.signups.length);
        });
      }
      await time('anchor: GET /api/health', () => fetch(`${address}/api/health`).then((r) => r.text()));
      await time('anchor: one signup by primary key (SQL)', () => client.query('select * from signups where id = $1', [someId]));
      if (round === 2) timings.clear(); // warm-up rounds
    }

    console.log(`\nGET /api/signups over HTTP, ${PAGE_SIZE} a page, ${runs} interleaved runs each (median / p95; goal <= 10 ms):`);
    for (const [label, list] of timings) {
      const s = stats(list);
      const rows = answers.get(label);
      console.log(`  ${label.padEnd(44)} ${ms(s.median).padStart(10)} / ${ms(s.p95).padStart(10)}${rows === undefined ? '' : `   (${rows} rows)`}`);
    }

    // The plans: the SQL the repository runs for each case, captured as Kysely compiles it.
    const captured: CompiledQuery[] = [];
    const spy = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }), log: (event) => void captured.push(event.query) });
    console.log('\nPlans (EXPLAIN ANALYZE, execution time as Postgres reports it):');
    for (const c of cases) {
      captured.length = 0;
      await listSignups(spy, { ...c.options, pageSize: PAGE_SIZE });
      console.log(`\n  ${c.label}:`);
      for (const q of captured) {
        const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]);
        const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
        console.log(`    ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}${q.sql.length > 160 ? ' ...' : ''}`);
        for (const line of lines.filter((l) => !/^\s*Buffers:|^\s*Planning:|Planning Time/.test(l))) console.log(`      ${line}`);
      }
    }
    await spy.destroy();

    // What the list ran before (count the table, offset from the newest end, a search no index serves).
    console.log('\nThe same three asks as the list ran them before (for comparison):');
    const before: Array<[string, string]> = [
      ['count of submitted', `select count(*) from signups where status in ('pending_approval','awaiting_second_approval','referred','changes_requested','approved','rejected')`],
      ['last page by offset', `select id from signups where status in ('pending_approval','awaiting_second_approval','referred','changes_requested','approved','rejected') order by created_on desc, id limit ${PAGE_SIZE} offset ${(lastPage - 1) * PAGE_SIZE}`],
      ['search without the trigram expression', `select count(*) from signups where status in ('pending_approval','awaiting_second_approval','referred','changes_requested','approved','rejected') and (first_name || ' ' || last_name ilike '%${sample.last_name}%' or email ilike '%${sample.last_name}%' or mobile ilike '%${sample.last_name}%')`],
    ];
    for (const [label, sql] of before) {
      const plan = await client.query(`explain (analyze) ${sql}`);
      const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
      console.log(`  ${label.padEnd(40)} ${lines.find((l) => l.startsWith('Execution Time'))}  (${lines[0].trim().split('  ')[0]})`);
    }
    const tokenPlan = await client.query(`explain (analyze) select id from signups where applicant_token_hash = $1`, [crypto.createHash('md5').update('token42').digest('hex')]);
    console.log(`  ${'applicant-token lookup'.padEnd(40)} ${tokenPlan.rows.at(-1)['QUERY PLAN']}  (${(tokenPlan.rows[0]['QUERY PLAN'] as string).trim().split('  ')[0]})`);

    await app.close();
    await client.end();
    await handle.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${database} with (force)`);
  }
}

await main();
