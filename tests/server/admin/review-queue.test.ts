import type { InjectOptions } from 'fastify';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { SIGNUP_STATUSES } from '../../../src/shared/statuses';
import { ADMIN_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { ROLES } from '../../../src/shared/product';
import { auth, ensureSecondAdmin, insertAdmin, insertSubmittedSignup, tokenFor, updateBody, validUserBody } from './admin-helpers';
import { fillText } from '../../../src/shared/fill-text';

describe.each(dbTargets())('review queue (assignment, risk flags, four eyes, refer) on $name', (target) => {
  const t = suiteApp(target);
  let ava: string;
  let ben: string;
  let benId: number;
  let avaId: number;
  let member: string;
  let seq = 0;
  const next = () => {
    seq += 1;
    return { email: `queue${seq}@example.com`, mobile: `+1868610${String(seq).padStart(4, '0')}`, lastName: `Queue${seq}` };
  };

  beforeAll(async () => {
    const second = await ensureSecondAdmin(t.db.db);
    benId = second.id;
    avaId = (await t.db.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow()).id;
    ava = await tokenFor(t.app, 'admin@cu.example');
    ben = await tokenFor(t.app, second.email);
    member = await tokenFor(t.app, 'member@cu.example');
  });

  const put = (url: string, payload: unknown, token = ava) => t.call({ method: 'PUT', url, headers: auth(token), payload: payload as InjectOptions['payload'] });
  const get = (url: string, token = ava) => t.call({ method: 'GET', url, headers: auth(token) });
  const row = (id: string) => t.db.db.selectFrom('signups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const flag = (id: string, flags = ['politically_exposed']) => t.db.db.updateTable('signups').set({ risk_flags: flags }).where('id', '=', id).execute();
  const auditOf = async (id: string) => (await t.db.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('id').execute()).map((a) => ({ action: a.action, actor: a.actor_user_id, before: a.before, after: a.after }));

  /** The counts the triggers keep equal counting the rows, for every back-office status. */
  async function expectCountsRight() {
    const kept = await t.db.db.selectFrom('signup_status_counts').selectAll().execute();
    for (const status of SIGNUP_STATUSES.filter((s) => s !== 'draft')) {
      const counted = await t.db.db.selectFrom('signups').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', status).executeTakeFirstOrThrow();
      expect(Number(kept.find((k) => k.status === status)?.total), status).toBe(Number(counted.n));
    }
  }

  describe('assignment', () => {
    it('claims, refuses a second claimant, releases only by the assignee, reassigns to an administrator; audited before and after', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const claimed = await put('/api/signups/claim', { signup_id: id });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json()).toMatchObject({ signup_id: id, assignee_user_id: avaId, assignee_name: 'Ava Administrator', message: ADMIN_TEXTS.claimed });
      expect((await put('/api/signups/claim', { signup_id: id })).json().message).toBe(ADMIN_TEXTS.alreadyClaimed);
      const taken = await put('/api/signups/claim', { signup_id: id }, ben);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(fillText(ADMIN_TEXTS.assignedTo, { name: 'Ava Administrator' }));
      const notMine = await put('/api/signups/release', { signup_id: id }, ben);
      expect(notMine.statusCode).toBe(409);
      expect(notMine.json().message).toBe(fillText(ADMIN_TEXTS.onlyAssigneeReleases, { name: 'Ava Administrator' }));

      const reassigned = await put('/api/signups/reassign', { signup_id: id, user_id: benId }, ben);
      expect(reassigned.statusCode, reassigned.body).toBe(200);
      expect((await row(id)).assignee_user_id).toBe(benId);
      const memberId = (await t.db.db.selectFrom('users').select('id').where('email', '=', 'member@cu.example').executeTakeFirstOrThrow()).id;
      for (const userId of [memberId, 999_999]) {
        const res = await put('/api/signups/reassign', { signup_id: id, user_id: userId });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ user_id: ADMIN_TEXTS.chooseAdministrator });
      }
      expect((await put('/api/signups/release', { signup_id: id }, ben)).statusCode).toBe(200);
      expect((await row(id))).toMatchObject({ assignee_user_id: null, assigned_on: null });
      expect((await put('/api/signups/release', { signup_id: id }, ben)).json().message).toBe(ADMIN_TEXTS.notAssigned);

      expect(await auditOf(id)).toEqual([
        { action: 'signup.claim', actor: avaId, before: { assignee_user_id: null, assignee_name: null }, after: { assignee_user_id: avaId, assignee_name: 'Ava Administrator' } },
        { action: 'signup.reassign', actor: benId, before: { assignee_user_id: avaId, assignee_name: 'Ava Administrator' }, after: { assignee_user_id: benId, assignee_name: 'Ben Checker' } },
        { action: 'signup.release', actor: benId, before: { assignee_user_id: benId, assignee_name: 'Ben Checker' }, after: { assignee_user_id: null, assignee_name: null } },
      ]);
    });

    it('lists the assignee, and "mine" lists only the caller\'s applications (with status filter and search)', async () => {
      const a = await insertSubmittedSignup(t.db.db, next());
      const b = await insertSubmittedSignup(t.db.db, next());
      const c = await insertSubmittedSignup(t.db.db, next());
      await put('/api/signups/claim', { signup_id: a });
      await put('/api/signups/claim', { signup_id: b }, ben);
      await put('/api/signups/claim', { signup_id: c });
      await put('/api/signups/reject', { signup_id: c });
      const all = (await get('/api/signups?page_size=100')).json();
      expect(all.signups.find((s: { id: string }) => s.id === a)).toMatchObject({ assignee_user_id: avaId, assignee_name: 'Ava Administrator', risk_flags: [] });
      expect(all.flag_labels).toMatchObject({ politically_exposed: 'Politically exposed', unusual_documents: 'Unusual documents' });
      const mine = (await get('/api/signups?mine=true')).json();
      expect(mine.signups.map((s: { id: string }) => s.id).sort()).toEqual([a, c].sort());
      expect(mine.total).toBe(2);
      expect((await get('/api/signups?mine=true&status=pending')).json()).toMatchObject({ total: 1, signups: [{ id: a }] });
      expect((await get('/api/signups?mine=true', ben)).json()).toMatchObject({ total: 1, signups: [{ id: b, assignee_name: 'Ben Checker' }] });
      const lastName = (await row(b)).last_name;
      expect((await get(`/api/signups?mine=true&search=${lastName}`)).json().total).toBe(0);
      expect((await get(`/api/signups?mine=true&search=${lastName}`, ben)).json().total).toBe(1);
      expect((await get('/api/signups?mine=maybe')).statusCode).toBe(400);
      // Decided applications are out of the queue: nobody claims them.
      expect((await put('/api/signups/claim', { signup_id: c }, ben)).json().message).toBe(fillText(ADMIN_TEXTS.cannotAssignDecided, { status: 'rejected' }));
    });

    it('administrators only, with schemas: members get 403, extra fields and bad ids 400, unknown signups 404', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      for (const url of ['/api/signups/claim', '/api/signups/release', '/api/signups/refer', '/api/signups/risk-flags']) {
        expect((await put(url, { signup_id: id }, member)).statusCode, url).toBe(403);
        expect((await put(url, { signup_id: id, assignee_user_id: 1 })).statusCode, url).toBe(400);
        expect((await put(url, { signup_id: 'no-such-signup' })).statusCode, url).toBe(404);
      }
      expect((await put('/api/signups/reassign', { signup_id: id, user_id: 'x' })).statusCode).toBe(400);
      expect((await put('/api/signups/reassign', { signup_id: id, user_id: 2 ** 53 })).statusCode).toBe(400);
      expect((await put('/api/signups/reassign', { signup_id: id })).json().errors).toEqual({ user_id: ADMIN_TEXTS.chooseAdministrator });
      expect((await get('/api/signups/assignees', member)).statusCode).toBe(403);
      const admins = (await get('/api/signups/assignees')).json().administrators;
      expect(admins.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Ava Administrator', 'Ben Checker']));
      expect(admins.every((a: { id: number }) => a.id !== undefined)).toBe(true);
    });
  });

  describe('four eyes', () => {
    it('a flagged application: the first approval awaits a second, the same administrator is refused, a second administrator approves', async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, contact);
      await flag(id);
      const first = await put('/api/signups/approve', { signup_id: id });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ signup_id: id, status: 'awaiting_second_approval', message: ADMIN_TEXTS.firstApproval });
      expect(await row(id)).toMatchObject({ status: 'awaiting_second_approval', user_id: null });
      expect(await t.db.db.selectFrom('users').select('id').where('email', '=', contact.email).executeTakeFirst()).toBeUndefined();
      expect((await get('/api/signups?status=awaiting_second_approval')).json().signups.map((s: { id: string }) => s.id)).toContain(id);
      await expectCountsRight();

      const again = await put('/api/signups/approve', { signup_id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ADMIN_TEXTS.sameAdminTwice);

      const review = (await get(`/api/signups/${id}`, ben)).json();
      expect(review).toMatchObject({ approvals_needed: 2, approvals: [{ admin_user_id: avaId, admin_name: 'Ava Administrator' }], signup: { status: 'awaiting_second_approval', risk_flags: ['politically_exposed'] } });

      const second = await put('/api/signups/approve', { signup_id: id }, ben);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ status: 'approved', message: ADMIN_TEXTS.approved });
      expect(await row(id)).toMatchObject({ status: 'approved', decided_by: benId });
      const trail = await auditOf(id);
      expect(trail.map((a) => a.action)).toEqual(['signup.approve_first', 'signup.approve']);
      expect(trail[0]).toMatchObject({ actor: avaId, before: { status: 'pending_approval' }, after: { status: 'awaiting_second_approval', risk_flags: ['politically_exposed'] } });
      expect(trail[1]).toMatchObject({ actor: benId, before: { status: 'awaiting_second_approval' }, after: { status: 'approved', approved_by: [avaId, benId] } });
      await expectCountsRight();
    });

    it('ten parallel approvals of a flagged application by one administrator: exactly one counts', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      await flag(id, ['foreign', 'minor']);
      const results = await Promise.all(Array.from({ length: 10 }, () => put('/api/signups/approve', { signup_id: id })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === ADMIN_TEXTS.sameAdminTwice)).toBe(true);
      expect(await t.db.db.selectFrom('signup_approvals').selectAll().where('signup_id', '=', id).execute()).toHaveLength(1);
      expect((await row(id)).status).toBe('awaiting_second_approval');
      await expectCountsRight();
    });

    it('parallel approvals by two administrators of a flagged application: one first approval, one approval, one member', async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, contact);
      await flag(id);
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => put('/api/signups/approve', { signup_id: id }, i % 2 ? ben : ava)));
      const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().status).sort();
      expect(ok).toEqual(['approved', 'awaiting_second_approval']);
      expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
      expect(await t.db.db.selectFrom('users').select('id').where('email', '=', contact.email).execute()).toHaveLength(1);
      await expectCountsRight();
    });

    it('refuses even the first approval when the second could not complete it (unproven claim, a contact already taken)', async () => {
      const priya = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000203').executeTakeFirstOrThrow();
      const unproven = await insertSubmittedSignup(t.db.db, { ...next(), existingMemberId: priya.id, claimProven: false });
      await flag(unproven, ['existing_customer_claim']);
      const res = await put('/api/signups/approve', { signup_id: unproven });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/has not proven control of the member's contact details on file/);
      const taken = await insertSubmittedSignup(t.db.db, { ...next(), email: 'GRACE@cu.example' });
      await flag(taken);
      expect((await put('/api/signups/approve', { signup_id: taken })).json().message).toBe(REQUEST_TEXTS.emailTaken);
      for (const id of [unproven, taken]) {
        expect((await row(id)).status).toBe('pending_approval');
        expect(await t.db.db.selectFrom('signup_approvals').selectAll().where('signup_id', '=', id).execute()).toEqual([]);
      }
    });

    it("an administrator whose account the first approver created, or whose email, mobile or role they set, cannot give the second approval (either way round)", async () => {
      const created = await t.call({ method: 'POST', url: '/api/users', headers: auth(ava), payload: validUserBody({ email: 'puppet@example.com', mobile: '+18687770601', role_id: ROLES.SYSTEMS_ADMINISTRATOR }) });
      expect(created.statusCode, created.body).toBe(201);
      const puppet = await tokenFor(t.app, 'puppet@example.com');
      const first = await insertSubmittedSignup(t.db.db, next());
      await flag(first);
      expect((await put('/api/signups/approve', { signup_id: first })).json().status).toBe('awaiting_second_approval');
      const refused = await put('/api/signups/approve', { signup_id: first }, puppet);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ADMIN_TEXTS.notIndependent);
      const reversed = await insertSubmittedSignup(t.db.db, next());
      await flag(reversed);
      expect((await put('/api/signups/approve', { signup_id: reversed }, puppet)).json().status).toBe('awaiting_second_approval');
      expect((await put('/api/signups/approve', { signup_id: reversed })).json().message).toBe(ADMIN_TEXTS.notIndependent);

      // An administrator the first approver did not create, once the first approver has set their mobile.
      const carol = await insertAdmin(t.db.db, 'carol@example.com', '+18687770602');
      const carolToken = await tokenFor(t.app, 'carol@example.com');
      const renamed = await t.call({ method: 'PUT', url: `/api/users/${carol.id}`, headers: auth(ava), payload: { ...updateBody(carol), first_name: 'Caroline' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await put('/api/signups/approve', { signup_id: first }, carolToken)).json()).toMatchObject({ status: 'approved' });
      const later = await insertSubmittedSignup(t.db.db, next());
      await flag(later);
      expect((await t.call({ method: 'PUT', url: `/api/users/${carol.id}`, headers: auth(ava), payload: { ...updateBody(carol), mobile: '+18687770603' } })).statusCode).toBe(200);
      expect((await put('/api/signups/approve', { signup_id: later })).json().status).toBe('awaiting_second_approval');
      expect((await put('/api/signups/approve', { signup_id: later }, carolToken)).json().message).toBe(ADMIN_TEXTS.notIndependent);
      expect((await put('/api/signups/approve', { signup_id: later }, ben)).json()).toMatchObject({ status: 'approved' });
      expect((await put('/api/signups/approve', { signup_id: reversed }, ben)).json()).toMatchObject({ status: 'approved' });
    });

    it('an application without flags is approved by one administrator, as before', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const res = await put('/api/signups/approve', { signup_id: id });
      expect(res.json()).toMatchObject({ status: 'approved' });
      expect((await get(`/api/signups/${id}`)).json()).toMatchObject({ approvals_needed: 1, approvals: [{ admin_user_id: avaId }] });
    });

    it("an administrator cannot approve an application in their own name and birth date, first or second, applied for with other contacts", async () => {
      // Ava applied with a personal email and mobile (so no contact is taken) under her own name and birth date, typed
      // in capitals; the application has no flag, so one approval, hers, made her a member.
      const ava = await t.db.db.selectFrom('users').select(['first_name', 'last_name', 'dob']).where('id', '=', avaId).executeTakeFirstOrThrow();
      const inHerName = async () => {
        const id = await insertSubmittedSignup(t.db.db, next());
        await t.db.db.updateTable('signups').set({ first_name: ava.first_name.toUpperCase(), last_name: ava.last_name.toUpperCase(), dob: ava.dob ?? '' }).where('id', '=', id).execute();
        return id;
      };
      const id = await inHerName();
      const own = await put('/api/signups/approve', { signup_id: id });
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe(ADMIN_TEXTS.ownApplication);
      expect(await row(id)).toMatchObject({ status: 'pending_approval', user_id: null });
      expect(await t.db.db.selectFrom('signup_approvals').select('admin_user_id').where('signup_id', '=', id).execute()).toEqual([]);
      expect((await put('/api/signups/approve', { signup_id: id }, ben)).json()).toMatchObject({ status: 'approved' });
      // Flagged: another administrator's first approval, then hers as the second, is refused alike.
      const flagged = await inHerName();
      await flag(flagged);
      expect((await put('/api/signups/approve', { signup_id: flagged }, ben)).json()).toMatchObject({ status: 'awaiting_second_approval' });
      const second = await put('/api/signups/approve', { signup_id: flagged });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(ADMIN_TEXTS.ownApplication);
      expect((await row(flagged)).status).toBe('awaiting_second_approval');
      // Her name written another way (full-width letters, a combining accent, an invisible variation selector) is hers.
      for (const written of [[...ava.first_name].map((ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0)).join(''), `${ava.first_name[0]}\u0301${ava.first_name.slice(1)}`, `${ava.first_name}\ufe0f`]) {
        const disguised = await inHerName();
        await t.db.db.updateTable('signups').set({ first_name: written }).where('id', '=', disguised).execute();
        const res = await put('/api/signups/approve', { signup_id: disguised });
        expect(res.statusCode, written).toBe(409);
        expect(res.json().message).toBe(ADMIN_TEXTS.ownApplication);
      }
      // The same name with another birth date is another person: she approves it.
      const namesake = await inHerName();
      await t.db.db.updateTable('signups').set({ dob: '1999-09-09' }).where('id', '=', namesake).execute();
      expect((await put('/api/signups/approve', { signup_id: namesake })).json()).toMatchObject({ status: 'approved' });
    });
  });

  describe('refer, reject and statuses', () => {
    it('refers with a reason (listed under Referred), then approves or rejects from there; awaiting second approval can be rejected', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const referred = await put('/api/signups/refer', { signup_id: id, reason: 'Source of funds needs the compliance officer.' });
      expect(referred.statusCode, referred.body).toBe(200);
      expect(referred.json()).toEqual({ signup_id: id, status: 'referred', message: ADMIN_TEXTS.referred });
      expect((await put('/api/signups/refer', { signup_id: id })).json().message).toBe(ADMIN_TEXTS.alreadyReferred);
      expect((await get('/api/signups?status=referred')).json().signups.map((s: { id: string }) => s.id)).toContain(id);
      expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'signup.refer', before: { status: 'pending_approval' }, after: { status: 'referred', reason: 'Source of funds needs the compliance officer.' } });
      expect((await put('/api/signups/refer', { signup_id: id, reason: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await put('/api/signups/approve', { signup_id: id }, ben)).json()).toMatchObject({ status: 'approved' });
      expect((await put('/api/signups/refer', { signup_id: id })).json().message).toBe(ADMIN_TEXTS.alreadyApproved);

      const flagged = await insertSubmittedSignup(t.db.db, next());
      await flag(flagged);
      await put('/api/signups/approve', { signup_id: flagged });
      expect((await put('/api/signups/reject', { signup_id: flagged }, ben)).json()).toMatchObject({ status: 'rejected' });
      await expectCountsRight();
    });

    it('changes_requested is a stored status the list filters on; it cannot be decided until the applicant resubmits', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      await t.db.db.updateTable('signups').set({ status: 'changes_requested' }).where('id', '=', id).execute();
      expect((await get('/api/signups?status=changes_requested')).json().signups.map((s: { id: string }) => s.id)).toEqual([id]);
      const res = await put('/api/signups/approve', { signup_id: id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_TEXTS.waitingForChanges);
      await expectCountsRight();
    });
  });

  describe('risk flags', () => {
    it('recomputes from the stored answers and documents (PEP, foreign, minor, existing customer, unusual documents), audited', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const recompute = () => put('/api/signups/risk-flags', { signup_id: id });
      expect((await recompute()).json()).toMatchObject({ risk_flags: [] });
      await t.db.db.insertInto('signup_steps').values({ signup_id: id, step: 'politically-exposed-persons', data: JSON.stringify({ is_pep: false, is_close_associate: true }), updated_on: new Date() }).execute();
      await t.db.db.updateTable('signups').set({ nationality: 'CA', dob: '2012-05-05' }).where('id', '=', id).execute();
      const file = (name: string, size: number, type = 'application/pdf') => ({ id: `${id}-${name}`, signup_id: id, step: 'id-information', field: 'primary_id_files', original_name: name, stored_name: `s-${id}-${name}`, content_type: type, size_bytes: size, sha256: 'x' });
      await t.db.db.insertInto('signup_files').values(file('passport.pdf', 250_000)).execute();
      expect((await recompute()).json().risk_flags).toEqual(['politically_exposed', 'foreign', 'minor']);

      // Unusual documents: under 1 KiB, at 90% of the field's 20 MiB limit, or a type its name does not say.
      for (const [name, size, type] of [['tiny.pdf', 300, 'application/pdf'], ['huge.pdf', 19 * 1024 * 1024, 'application/pdf'], ['photo.pdf', 50_000, 'image/png']] as const) {
        await t.db.db.insertInto('signup_files').values(file(name, size, type)).execute();
        expect((await recompute()).json().risk_flags, name).toContain('unusual_documents');
        await t.db.db.deleteFrom('signup_files').where('id', '=', `${id}-${name}`).execute();
      }
      expect((await recompute()).json().risk_flags).not.toContain('unusual_documents');
      expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'signup.risk_flags', before: { risk_flags: ['politically_exposed', 'foreign', 'minor', 'unusual_documents'] }, after: { risk_flags: ['politically_exposed', 'foreign', 'minor'] } });
    });
  });
});
