import { sql } from 'kysely';
import { dbTargets } from '../../helpers/test-db';
import type { LightMyRequestResponse } from 'fastify';
import { suiteApp, type TestApp } from '../../helpers/test-app';
import { transferCodeSubject } from '../../../src/server/lib/transfer-codes';
import type { DbHandle } from '../../../src/server/db/create-db';
import { addSessionRoute, balanceOf, codeFor, confirmMemberTransfer, createMember, memberBody, memberTransfer, newKey, selfTransfer, sessionHeaders, type TestMember } from './member-fixtures';

/** I1: every stored balance equals the sum of its ledger entries; each transfer is one debit and one equal credit. */
async function expectLedgerConsistent(db: DbHandle) {
  const mismatched = await sql<{ id: number }>`
    select a.id from accounts a left join ledger_entries l on l.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(l.amount_cents), 0)`.execute(db.db);
  expect(mismatched.rows).toEqual([]);
  const unbalanced = await sql<{ id: number }>`
    select t.id from transfers t left join ledger_entries l on l.transfer_id = t.id
    group by t.id, t.amount_cents
    having count(l.id) <> 2 or coalesce(sum(l.amount_cents), 1) <> 0 or max(l.amount_cents) <> t.amount_cents`.execute(db.db);
  expect(unbalanced.rows).toEqual([]);
}

/** A member with a savings account holding `cents` and an empty one, signed in. */
async function saverSignedIn(t: TestApp, cents: number) {
  const m = await createMember(t.db.db, [
    { type: 'savings', cents },
    { type: 'savings', cents: 0 },
  ]);
  return { m, headers: await sessionHeaders(t, m.userId) };
}

describe.each(dbTargets())('transfer invariants on $name', (target) => {
  const t = suiteApp(target, { beforeReady: addSessionRoute });

  it('I2: from 50.00, 100 parallel transfers of 1.00 -> exactly 50 succeed and the balance is 0.00', async () => {
    const { m, headers } = await saverSignedIn(t, 5_000);
    const results = await Promise.all(Array.from({ length: 100 }, () => selfTransfer(t, headers, m.accounts[0], m.accounts[1], 1)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 422)).toHaveLength(50);
    for (const refused of results.filter((r) => r.statusCode === 422)) expect(refused.json().message).toMatch(/^Insufficient funds/);
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(0);
    expect(await balanceOf(t.db.db, m.accounts[1].id)).toBe(5_000);
    const refs = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().data.ReferenceNo));
    expect(refs.size).toBe(50);
    await expectLedgerConsistent(t.db);
  });

  it('I1/I6: concurrent transfers in both directions mixed with reads: every read sums to the same total', async () => {
    const members: TestMember[] = [];
    for (let i = 0; i < 3; i++) {
      members.push(
        await createMember(t.db.db, [
          { type: 'savings', cents: 10_000 },
          { type: 'deposit', cents: 7_500 },
        ]),
      );
    }
    const ids = members.flatMap((m) => m.accounts.map((a) => a.id));
    const total = 3 * 17_500;
    const sessions = await Promise.all(members.map((m) => sessionHeaders(t, m.userId)));
    const sumNow = async () => {
      const row = await t.db.db.selectFrom('accounts').select((eb) => eb.fn.sum<number>('balance_cents').as('s')).where('id', 'in', ids).executeTakeFirstOrThrow();
      return Number(row.s);
    };

    // Deterministic pseudo-random mix (no flaky seeds): self and member transfers, both directions
    // between the same hot accounts, amounts from 0.01 to 20.00, some larger than the balance.
    let seed = 20261122;
    const next = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const work: Array<Promise<{ statusCode: number }>> = [];
    const reads: Array<Promise<number>> = [];
    for (let i = 0; i < 120; i++) {
      const a = next(3);
      const amount = (next(2000) + 1) / 100;
      if (next(2) === 0) {
        const [from, to] = next(2) === 0 ? [members[a].accounts[0], members[a].accounts[1]] : [members[a].accounts[1], members[a].accounts[0]];
        work.push(selfTransfer(t, sessions[a], from, to, amount));
      } else {
        const b = (a + 1 + next(2)) % 3;
        work.push(memberTransfer(t, sessions[a], members[a].accounts[next(2)], members[b].accounts[next(2)], amount));
      }
      if (i % 4 === 0) reads.push(sumNow());
    }
    const [results, sums] = await Promise.all([Promise.all(work), Promise.all(reads)]);
    for (const r of results) expect([200, 422]).toContain(r.statusCode);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThan(80);
    expect(new Set(sums)).toEqual(new Set([total]));
    expect(await sumNow()).toBe(total);
    for (const id of ids) expect(await balanceOf(t.db.db, id)).toBeGreaterThanOrEqual(0);
    await expectLedgerConsistent(t.db);
  });

  it('I4: 10 sequential and 10 parallel repeats of one idempotency key give one transfer and the same answer', async () => {
    const { m, headers } = await saverSignedIn(t, 10_000);
    const key = newKey();
    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push(await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 12.34, key));
    const parallel = await Promise.all(Array.from({ length: 10 }, () => selfTransfer(t, headers, m.accounts[0], m.accounts[1], 12.34, key)));
    const all = [...sequential, ...parallel];
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(all.map((r) => r.json().data.ReferenceNo)).size).toBe(1);
    expect(new Set(all.map((r) => JSON.stringify(r.json())))).toHaveProperty('size', 1);
    const transfers = await t.db.db.selectFrom('transfers').select('id').where('user_id', '=', m.userId).execute();
    expect(transfers).toHaveLength(1);
    const entries = await t.db.db.selectFrom('ledger_entries').select('id').where('transfer_id', '=', transfers[0].id).execute();
    expect(entries).toHaveLength(2);
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(10_000 - 1_234);
    await expectLedgerConsistent(t.db);
  });

  it('I4: 20 parallel first uses of one key (no earlier transfer) still give one transfer', async () => {
    const m = await createMember(t.db.db, [
      { type: 'savings', cents: 10_000 },
      { type: 'deposit', cents: 0 },
    ]);
    const headers = await sessionHeaders(t, m.userId);
    const key = newKey();
    const all = await Promise.all(Array.from({ length: 20 }, () => selfTransfer(t, headers, m.accounts[0], m.accounts[1], 1, key)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(all.map((r) => r.json().data.ReferenceNo)).size).toBe(1);
    expect(await balanceOf(t.db.db, m.accounts[1].id)).toBe(100);
  });

  it('I4: the same key with other details gets 409 and moves nothing; keys are per user', async () => {
    const m = await createMember(t.db.db, [
      { type: 'savings', cents: 10_000 },
      { type: 'savings', cents: 0 },
    ]);
    const other = await createMember(t.db.db, [
      { type: 'savings', cents: 10_000 },
      { type: 'savings', cents: 0 },
    ]);
    const headers = await sessionHeaders(t, m.userId);
    const key = newKey();
    expect((await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 5, key)).statusCode).toBe(200);
    const changedAmount = await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 6, key);
    expect(changedAmount.statusCode).toBe(409);
    expect(changedAmount.json().message).toMatch(/already used for a different transfer/);
    const changedDirection = await selfTransfer(t, headers, m.accounts[1], m.accounts[0], 5, key);
    expect(changedDirection.statusCode).toBe(409);
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(9_500);
    // Another user may use the same key for their own transfer.
    const otherHeaders = await sessionHeaders(t, other.userId);
    expect((await selfTransfer(t, otherHeaders, other.accounts[0], other.accounts[1], 5, key)).statusCode).toBe(200);
    expect(await balanceOf(t.db.db, other.accounts[1].id)).toBe(500);
  });

  it('I4: a replay after the balance ran out still answers the original success', async () => {
    const { m, headers } = await saverSignedIn(t, 1_000);
    const key = newKey();
    const first = await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 10, key);
    expect(first.statusCode).toBe(200);
    const replay = await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 10, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(0);
  });

  it('I2: the database CHECK refuses a negative balance even if a bug skipped the pre-check', async () => {
    const m = await createMember(t.db.db, [{ type: 'savings', cents: 100 }]);
    await expect(
      t.db.db.updateTable('accounts').set((eb) => ({ balance_cents: eb('balance_cents', '-', 101) })).where('id', '=', m.accounts[0].id).execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

// Two requests under one Idempotency-Key at the same moment (a double click, a retry while the first is in flight).
// Two connections at once: Postgres only (PGlite has one).
for (const target of dbTargets().filter((d) => d.name === 'postgres')) {
  describe('one Idempotency-Key sent twice at once, on Postgres', () => {
    const t = suiteApp(target, { beforeReady: addSessionRoute });

    /** Holds `lock` (a statement taking a row lock) in a transaction of its own; resolves once taken, to its release. */
    async function holdLock(lock: ReturnType<typeof sql>) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const holder = t.db.db.transaction().execute(async (trx) => {
        await lock.execute(trx);
        taken();
        await held;
      });
      await lockTaken;
      return async () => {
        release();
        await holder;
      };
    }

    /** Both answers 200 with the one transfer; answers the first. */
    function expectOneTransfer(first: LightMyRequestResponse, second: LightMyRequestResponse) {
      expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
      expect(second.json()).toEqual(first.json());
      return first;
    }

    /** Sends `send` twice while `lock` is held, so that both requests wait for it, then releases it: one transfer. */
    async function twiceAtOnce(lock: ReturnType<typeof sql>, send: () => Promise<LightMyRequestResponse>) {
      const release = await holdLock(lock);
      const both = [send(), send()];
      await waitersReach(2);
      await release();
      const [first, second] = await Promise.all(both);
      return expectOneTransfer(first, second);
    }

    /** Waits until `n` statements of this database (whose text has `like` in it, when given) wait for a lock. */
    async function waitersReach(n: number, like = '') {
      for (let i = 0; i < 200; i++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and position(${like} in query) > 0`.execute(t.db.db);
        if (rows[0].n >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`fewer than ${n} statements waited for a lock`);
    }

    /** A member with 50.00 who asked for the code of a 40.00 transfer to another member: the code as the SMS gave it. */
    async function memberTransferWithCode() {
      const m = await createMember(t.db.db, [{ type: 'savings', cents: 5_000 }]);
      const payee = await createMember(t.db.db, [{ type: 'savings', cents: 0 }]);
      const headers = await sessionHeaders(t, m.userId);
      const key = newKey();
      const body = memberBody(m.accounts[0], payee.accounts[0], 40);
      const { code, refused } = await codeFor(t, headers, m.userId, body, key);
      expect(refused?.body).toBeUndefined();
      return { m, payee, headers, key, body, code: code! };
    }

    const transfersUnder = async (userId: number, key: string) =>
      (await t.db.db.selectFrom('transfers').select('reference_no').where('user_id', '=', userId).where('idempotency_key', '=', key).execute()).length;

    it('to self: the request that waited for the accounts answers the first one\'s transfer, not "Insufficient funds"', async () => {
      const { m, headers } = await saverSignedIn(t, 5_000);
      const key = newKey();
      // Both requests reach the source account's lock before either transfer is made.
      await twiceAtOnce(sql`select id from accounts where id = ${m.accounts[0].id} for update`, () => selfTransfer(t, headers, m.accounts[0], m.accounts[1], 40, key));
      expect(await transfersUnder(m.userId, key)).toBe(1);
      expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(1_000);
      expect(await balanceOf(t.db.db, m.accounts[1].id)).toBe(4_000);
      await expectLedgerConsistent(t.db);
    });

    it('to another member: both requests with the code answer one transfer', async () => {
      const { m, payee, headers, key, body, code } = await memberTransferWithCode();
      // Both requests claim the code, then queue on the member's row.
      const first = await twiceAtOnce(sql`select id from members where id = ${m.memberId} for update`, () => confirmMemberTransfer(t, headers, body, key, code));
      expect(await transfersUnder(m.userId, key)).toBe(1);
      expect(await balanceOf(t.db.db, payee.accounts[0].id)).toBe(4_000);
      // A retry after both: the code is used up, and the answer is still the transfer's.
      const retry = await confirmMemberTransfer(t, headers, body, key, code);
      expect(retry.json()).toEqual(first.json());
      await expectLedgerConsistent(t.db);
    });

    it('to another member: the request whose code the first one used up while it claimed it answers the first one\'s transfer', async () => {
      const { m, payee, headers, key, body, code } = await memberTransferWithCode();
      // The first request claims the code and waits for the member's row.
      const releaseMember = await holdLock(sql`select id from members where id = ${m.memberId} for update`);
      const first = confirmMemberTransfer(t, headers, body, key, code);
      await waitersReach(1);
      // Its transfer then waits to use the code up; the second request's claim of the same code waits behind it.
      const releaseCode = await holdLock(sql`select id from one_time_codes where subject = ${transferCodeSubject(m.userId, key)} and consumed_on is null for update`);
      await releaseMember();
      // (The transfer's statement, by its first words: the server shows a statement's first 1,024 bytes.)
      await waitersReach(1, 'with previous as');
      const second = confirmMemberTransfer(t, headers, body, key, code);
      await waitersReach(2);
      await releaseCode();
      expectOneTransfer(await first, await second);
      expect(await transfersUnder(m.userId, key)).toBe(1);
      expect(await balanceOf(t.db.db, payee.accounts[0].id)).toBe(4_000);
      await expectLedgerConsistent(t.db);
    });
  });
}
