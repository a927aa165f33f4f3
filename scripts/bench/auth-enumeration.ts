// Answer times of sign-in and reset-send for the cases SECURITY.md row 5 says must look alike: unknown
// email, wrong password, blocked and deleted accounts (sign-in); known and unknown email (reset). Runs
// the real app in process on an in-memory PGlite database; prints median and p90 per case.
//
//   npm run bench:auth                 (BENCH_SAMPLES=60 to change the sample count, max 500)
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed, DEMO_MEMBER, DEMO_OTHER_MEMBER } from '../../src/server/db/seed';
import { FakeClock } from '../../src/server/lib/clock';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../src/shared/product';

const samples = Math.min(Number(process.env.BENCH_SAMPLES ?? 60), 500);
const headers = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' };

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9) };
}

async function main() {
  const handle = await createDb({ inMemory: true });
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-bench-'));
  const clock = new FakeClock();
  const app = await buildApp({ db: handle, clock, config: { env: 'test', logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'u'), staticDir: path.join(dataDir, 's') } });
  await app.ready();

  await handle.db.updateTable('users').set({ is_blocked: true }).where('email', '=', DEMO_OTHER_MEMBER.email).execute();
  const hash = (await handle.db.selectFrom('users').select('password_hash').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow()).password_hash;
  await handle.db
    .insertInto('users')
    .values({ first_name: 'Gone', last_name: 'User', other_names: null, email: 'gone@cu.example', mobile: null, password_hash: hash, role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null, is_deleted: true })
    .execute();

  let ip = 0;
  const nextIp = () => `10.9.${(++ip >> 8) & 255}.${ip & 255}`;
  const time = async (url: string, payload: object) => {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
    return { ms: performance.now() - started, status: res.statusCode };
  };

  const login: Record<string, [string, string]> = {
    'unknown email': ['nobody@cu.example', 'Whatever!234'],
    'wrong password': [DEMO_MEMBER.email, 'Whatever!234'],
    'blocked account': [DEMO_OTHER_MEMBER.email, 'Whatever!234'],
    'deleted account (right password)': ['gone@cu.example', DEMO_MEMBER.password],
  };
  const results: Array<{ call: string; case: string; status: string; median: string; p90: string }> = [];
  const loginTimes: Record<string, number[]> = {};
  const loginStatus: Record<string, Set<number>> = {};
  for (let i = 0; i < samples; i++) {
    // Interleaved, so drift on a busy machine touches every case alike.
    for (const [name, [email, password]] of Object.entries(login)) {
      // A fresh hour for each round keeps the per-account throttle out of the measurement.
      if (i % 90 === 0) clock.advance(61 * 60_000);
      const r = await time('/api/users/login', { email, password });
      (loginTimes[name] ??= []).push(r.ms);
      (loginStatus[name] ??= new Set()).add(r.status);
    }
  }
  for (const [name, values] of Object.entries(loginTimes)) {
    const s = stats(values);
    results.push({ call: 'POST /users/login', case: name, status: [...loginStatus[name]].join(','), median: s.median.toFixed(2), p90: s.p90.toFixed(2) });
  }

  const fixed = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };
  const resetTimes: Record<string, number[]> = { 'known email': [], 'unknown email': [] };
  for (let i = 0; i < samples; i++) {
    clock.advance(61 * 60_000);
    resetTimes['known email'].push((await time('/api/password/reset/send', { ...fixed, email: DEMO_MEMBER.email })).ms);
    resetTimes['unknown email'].push((await time('/api/password/reset/send', { ...fixed, email: `ghost${i}@cu.example` })).ms);
  }
  for (const [name, values] of Object.entries(resetTimes)) {
    const s = stats(values);
    results.push({ call: 'POST /password/reset/send', case: name, status: '200', median: s.median.toFixed(2), p90: s.p90.toFixed(2) });
  }

  console.log(`Answer times in ms, ${samples} samples per case (${os.cpus().length} cores, PGlite in memory):`);
  console.table(results);
  await app.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
