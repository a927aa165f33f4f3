// saveStep (src/server/lib/signup-steps.repository.ts): one statement that stores a step only while the application
// takes it, keeps the draft's last activity to the hour, and, on Postgres, waits for a final submission in flight.
import { sql } from 'kysely';
import { dbTargets } from '../../helpers/test-db';
import { insertSubmittedSignup } from '../admin/admin-helpers';
import { ACTIVITY_RESOLUTION_MS, loadStepData, saveStep, saveStepIfUnchanged } from '../../../src/server/lib/signup-steps.repository';
import { CONTEXT_COLUMNS } from '../../../src/server/lib/applicant-facts';
import type { DbHandle } from '../../../src/server/db/create-db';

const HOUR = ACTIVITY_RESOLUTION_MS;

describe.each(dbTargets())('saveStep on $name', (target) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(() => handle.close());

  const draft = async (createdOn: Date) => insertSubmittedSignup(handle.db, { email: `save-step-${createdOn.getTime()}-${Math.random()}@example.com`, mobile: `+1868${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, status: 'draft', createdOn });
  const row = (id: string) => handle.db.selectFrom('signups').select(['updated_on', 'reminders_sent']).where('id', '=', id).executeTakeFirstOrThrow();

  it('stores the step every time, and moves the last activity once it is an hour old or a reminder went out', async () => {
    const start = new Date('2026-11-20T10:00:00Z');
    const id = await draft(start);
    const at = (ms: number) => ({ now: new Date(start.getTime() + ms), configVersion: 'v1' });

    await saveStep(handle.db, id, 'employment-information', { employer: 'A' }, at(10 * 60_000));
    expect(await loadStepData(handle.db, id, 'employment-information')).toEqual({ employer: 'A' });
    expect(new Date((await row(id)).updated_on).getTime()).toBe(start.getTime());

    await saveStep(handle.db, id, 'employment-information', { employer: 'B' }, at(HOUR));
    expect(await loadStepData(handle.db, id, 'employment-information')).toEqual({ employer: 'B' });
    expect(new Date((await row(id)).updated_on).getTime()).toBe(start.getTime() + HOUR);

    await handle.db.updateTable('signups').set({ reminders_sent: 1 }).where('id', '=', id).execute();
    await saveStep(handle.db, id, 'test-only-step', { answer: 'x' }, at(HOUR + 60_000));
    expect(await row(id)).toMatchObject({ reminders_sent: 0 });
    expect(new Date((await row(id)).updated_on).getTime()).toBe(start.getTime() + HOUR + 60_000);
  });

  it('stores nothing once the application is submitted (409), and leaves its row as it was', async () => {
    const id = await draft(new Date('2026-11-20T10:00:00Z'));
    await handle.db.updateTable('signups').set({ status: 'pending_approval' }).where('id', '=', id).execute();
    const before = await row(id);
    await expect(saveStep(handle.db, id, 'test-only-step', { answer: 'x' }, { now: new Date('2026-11-21T10:00:00Z'), configVersion: 'v1' })).rejects.toMatchObject({ statusCode: 409 });
    expect(await loadStepData(handle.db, id, 'test-only-step')).toBeUndefined();
    expect(await row(id)).toEqual(before);
  });

  describe('saveStepIfUnchanged', () => {
    // Within the day the drafts' tokens last.
    const now = new Date('2026-11-20T12:00:00Z');
    const stamp = { now, configVersion: 'v1' };
    const guardOf = (id: string) => handle.db.selectFrom('signups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('stores while the token and every context column still hold what the step was validated with, an empty one too', async () => {
      for (const nationality of ['TT', null]) {
        const id = await draft(new Date('2026-11-20T10:00:00Z'));
        await handle.db.updateTable('signups').set({ nationality }).where('id', '=', id).execute();
        expect(await saveStepIfUnchanged(handle.db, id, 'test-only-step', { answer: 'x' }, stamp, await guardOf(id))).toBe(true);
        expect(await loadStepData(handle.db, id, 'test-only-step')).toEqual({ answer: 'x' });
      }
    });

    // Another value of each column the step was validated with (a date for dates, the opposite for booleans, a text or
    // null for texts): each alone makes the stored step wait for a new read.
    const otherValue = (value: unknown) => (typeof value === 'boolean' ? !value : /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? '2011-02-03' : value === null ? 'Elsewhere' : null);
    type Change = [string, (read: Record<string, unknown>) => Record<string, unknown>];
    const changes: Change[] = [
      ['a new token (a resume)', () => ({ applicant_token_hash: 'f'.repeat(64) })],
      ['the token expired', () => ({ token_expires_on: new Date(now.getTime() - 1) })],
      ['the application submitted', () => ({ status: 'pending_approval' })],
      ...CONTEXT_COLUMNS.map((column) => [`${column} changed`, (read: Record<string, unknown>) => ({ [column]: otherValue(read[column]) })] as Change),
    ];
    it.each(changes)('stores nothing and answers false when %s since the read', async (_, change) => {
      const id = await draft(new Date('2026-11-20T10:00:00Z'));
      const read = await guardOf(id);
      await handle.db.updateTable('signups').set(change(read)).where('id', '=', id).execute();
      expect(await saveStepIfUnchanged(handle.db, id, 'test-only-step', { answer: 'x' }, stamp, read)).toBe(false);
      expect(await loadStepData(handle.db, id, 'test-only-step')).toBeUndefined();
    });
  });
});

// Two connections at once: Postgres only (PGlite has one).
for (const target of dbTargets().filter((t) => t.name === 'postgres')) {
  describe('saveStep racing the final submission on Postgres', () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await target.open();
    });
    afterAll(() => handle.close());

    it('waits for the submission in flight, then stores nothing (409)', async () => {
      const id = await insertSubmittedSignup(handle.db, { email: `race-${Date.now()}@example.com`, mobile: '+18685550199', status: 'draft' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const submission = handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('signups').set({ status: 'pending_approval', submitted_on: new Date() }).where('id', '=', id).execute();
        locked();
        await held;
      });
      await lockTaken;
      let settled = false;
      const step = saveStep(handle.db, id, 'test-only-step', { answer: 'x' }, { now: new Date(), configVersion: 'v1' }).finally(() => (settled = true));
      step.catch(() => undefined);
      // The step waits on the submission's row lock.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(handle.db);
      expect(settled).toBe(false);
      expect(waiting.rows[0].n).toBeGreaterThanOrEqual(1);
      release();
      await submission;
      await expect(step).rejects.toMatchObject({ statusCode: 409 });
      expect(await loadStepData(handle.db, id, 'test-only-step')).toBeUndefined();
    });
  });
}
