import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import path from 'node:path';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { verifyPassword } from '../../../src/server/lib/passwords';
import { auth, insertSubmittedSignup, tokenFor } from './admin-helpers';
import { ADMIN_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { fillText } from '../../../src/shared/fill-text';

describe.each(dbTargets())('admin signups API on $name', (target) => {
  const t = suiteApp(target);
  let admin: string;
  let member: string;
  let seq = 0;
  const next = () => {
    seq += 1;
    return { email: `applicant${seq}@example.com`, mobile: `+1868600${String(seq).padStart(4, '0')}` };
  };

  beforeAll(async () => {
    admin = await tokenFor(t.app, 'admin@cu.example');
    member = await tokenFor(t.app, 'member@cu.example');
  });

  const put = (url: string, payload: unknown, token = admin) => t.call({ method: 'PUT', url, headers: auth(token), payload: payload as InjectOptions['payload'] });
  const get = (url: string, token = admin) => t.call({ method: 'GET', url, headers: auth(token) });

  describe('list', () => {
    it('lists submitted applications newest first, 20 a page, never drafts; searches and filters in the database', async () => {
      const base = Date.parse('2026-01-01T00:00:00Z');
      for (let i = 0; i < 23; i++) await insertSubmittedSignup(t.db.db, { ...next(), lastName: `Listed${i}`, createdOn: new Date(base + i * 60_000) });
      const draft = next();
      await insertSubmittedSignup(t.db.db, { ...draft, status: 'draft' });
      const first = (await get('/api/signups')).json();
      expect(first.signups).toHaveLength(20);
      expect(first.total).toBe(23);
      expect(first.signups[0].last_name).toBe('Listed22');
      expect(first.signups[0]).toMatchObject({ status: 'pending_approval', comments: null, created_on: expect.any(String) });
      expect(first.signups[0]).not.toHaveProperty('password_hash');
      expect(first.signups[0]).not.toHaveProperty('applicant_token_hash');
      expect((await get('/api/signups?page=2')).json().signups).toHaveLength(3);
      expect((await get(`/api/signups?search=${encodeURIComponent(draft.email)}`)).json().total).toBe(0);
      expect((await get('/api/signups?search=listed7')).json().signups.map((s: { last_name: string }) => s.last_name)).toEqual(['Listed7']);
      expect((await get('/api/signups?status=approved')).json().total).toBe(0);
      expect((await get('/api/signups?status=pending&page_size=5')).json()).toMatchObject({ total: 23 });
      expect((await get('/api/signups?status=draft')).statusCode).toBe(400);
    });
  });

  describe('review', () => {
    it('returns the application, every step in the wizard order with its form id, documents and audit; 404 for drafts and unknown ids', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const res = await get(`/api/signups/${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.signup).toMatchObject({ id, status: 'pending_approval' });
      expect(body.signup).not.toHaveProperty('password_hash');
      expect(body.steps.map((s: { step: string; form: string | null }) => [s.step, s.form])).toEqual([
        ['basic-info', 'onboarding/basic-info'],
        ['address', 'onboarding/address'],
        ['branch', 'onboarding/branch'],
      ]);
      expect(body.steps[2]).toMatchObject({ title: 'Branch Selection', data: { home_branch: 'milford_road_tobago' } });
      expect(body.files).toEqual([]);
      expect(body.audit).toEqual([]);
      const draft = await insertSubmittedSignup(t.db.db, { ...next(), status: 'draft' });
      expect((await get(`/api/signups/${draft}`)).statusCode).toBe(404);
      expect((await get('/api/signups/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    });

    it('downloads a document as an attachment with nosniff, admins only, and only through its own application', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      const other = await insertSubmittedSignup(t.db.db, next());
      const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('<html><script>alert(1)</script></html>')]);
      fs.mkdirSync(t.app.config.uploadDir, { recursive: true });
      fs.writeFileSync(path.join(t.app.config.uploadDir, `stored-${id}`), content);
      await t.db.db
        .insertInto('signup_files')
        .values({ id: `file-${id}`, signup_id: id, step: 'id-information', field: 'id_files', original_name: 'Passport "scan" é.pdf', stored_name: `stored-${id}`, content_type: 'application/pdf', size_bytes: content.length, sha256: 'x' })
        .execute();
      const review = (await get(`/api/signups/${id}`)).json();
      expect(review.files).toEqual([expect.objectContaining({ id: `file-${id}`, original_name: 'Passport "scan" é.pdf', size_bytes: content.length })]);
      expect(review.files[0]).not.toHaveProperty('stored_name');

      const res = await get(`/api/signups/${id}/files/file-${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Passport _scan_ _.pdf"; filename*=UTF-8''${encodeURIComponent('Passport "scan" é.pdf')}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(content)).toBe(true);
      expect((await get(`/api/signups/${other}/files/file-${id}`)).statusCode).toBe(404);
      expect((await get(`/api/signups/${id}/files/nope`)).statusCode).toBe(404);
      expect((await get(`/api/signups/${id}/files/file-${id}`, member)).statusCode).toBe(403);
      const audit = (await get(`/api/signups/${id}`)).json().audit;
      expect(audit[0]).toMatchObject({ action: 'signup.document_download', after: { file_id: `file-${id}` } });
    });
  });

  describe('approve', () => {
    it('a new customer: creates the member, the Customer user with the signup password and branch office, a savings account at 0, an email, and the audit', async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, { ...contact, firstName: 'Zora', lastName: 'Neale', password: 'Chosen!Pass9', homeBranch: 'milford_road_tobago' });
      const res = await put('/api/signups/approve', { signup_id: id });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ message: ADMIN_TEXTS.approved, status: 'approved', account_number: expect.stringMatching(/^1\d{10}$/) });

      const user = await t.db.db.selectFrom('users').selectAll().where('id', '=', body.user_id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ email: contact.email, mobile: contact.mobile, first_name: 'Zora', last_name: 'Neale', role_id: 2, office_id: 2, gender: 'female', dob: '1994-06-15', member_id: body.member_id });
      expect(await verifyPassword(user.password_hash, 'Chosen!Pass9')).toBe(true);
      const memberRow = await t.db.db.selectFrom('members').selectAll().where('id', '=', body.member_id).executeTakeFirstOrThrow();
      expect(memberRow).toMatchObject({ first_name: 'Zora', email: contact.email, member_number: expect.stringMatching(/^M1\d{7}$/) });
      const accounts = await t.db.db.selectFrom('accounts').selectAll().where('member_id', '=', body.member_id).execute();
      expect(accounts).toEqual([expect.objectContaining({ account_number: body.account_number, account_type: 'savings', balance_cents: 0 })]);
      const signup = await t.db.db.selectFrom('signups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(signup).toMatchObject({ status: 'approved', user_id: body.user_id, member_id: body.member_id, decided_by: expect.any(Number) });
      const mail = await t.db.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', contact.email).where('purpose', '=', 'signup_approved').execute();
      expect(mail).toHaveLength(1);
      expect(mail[0].body).toContain(body.account_number);
      const audit = (await get(`/api/signups/${id}`)).json().audit;
      expect(audit[0]).toMatchObject({ action: 'signup.approve', before: { status: 'pending_approval' }, after: { status: 'approved', user_id: body.user_id } });

      // The new member's session works as a member's.
      const token = await tokenFor(t.app, contact.email);
      expect((await get('/api/users', token)).statusCode).toBe(403);
      const again = await put('/api/signups/approve', { signup_id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ADMIN_TEXTS.alreadyApproved);
      expect((await put('/api/signups/reject', { signup_id: id })).statusCode).toBe(409);
    });

    it('an existing customer: links a new online user to their member record, opens nothing new, so they see their existing accounts', async () => {
      const keisha = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000201').executeTakeFirstOrThrow();
      const before = await t.db.db.selectFrom('accounts').select('account_number').where('member_id', '=', keisha.id).execute();
      const id = await insertSubmittedSignup(t.db.db, { email: 'keisha.online@example.com', mobile: '+18684000001', firstName: 'Keisha', lastName: 'Mohammed', existingMemberId: keisha.id, homeBranch: 'port_of_spain' });
      const res = await put('/api/signups/approve', { signup_id: id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ member_id: keisha.id, account_number: null });
      const user = await t.db.db.selectFrom('users').selectAll().where('email', '=', 'keisha.online@example.com').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ member_id: keisha.id, role_id: 2, office_id: 1 });
      const after = await t.db.db.selectFrom('accounts').select('account_number').where('member_id', '=', keisha.id).execute();
      expect(after).toEqual(before);
      expect(after.map((a) => a.account_number)).toContain('10000000301');
      // A second application for the same member cannot create a second online user.
      const dup = await insertSubmittedSignup(t.db.db, { email: 'keisha.again@example.com', mobile: '+18684009999', existingMemberId: keisha.id });
      const refused = await put('/api/signups/approve', { signup_id: dup });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ADMIN_TEXTS.memberHasAccess);
    });

    it('refuses an existing customer whose claim was not proven, and an email already used by a user', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      await t.db.db.updateTable('signups').set({ is_existing_customer: true }).where('id', '=', id).execute();
      expect((await put('/api/signups/approve', { signup_id: id })).statusCode).toBe(409);
      // A claim attempt on a real member whose code was never entered: refused with the reason, nothing linked.
      const priya = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000203').executeTakeFirstOrThrow();
      const unproven = await insertSubmittedSignup(t.db.db, { ...next(), existingMemberId: priya.id, claimProven: false });
      const refused = await put('/api/signups/approve', { signup_id: unproven });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ONBOARDING_TEXTS.claimNotProven);
      expect(await t.db.db.selectFrom('users').select('id').where('member_id', '=', priya.id).executeTakeFirst()).toBeUndefined();
      const review = (await get(`/api/signups/${unproven}`)).json();
      expect(review.claim).toMatchObject({ proven: false, account_number: '10000000303', on_file: { member_number: 'M000203', mobile: '+18684000003' } });
      const taken = await insertSubmittedSignup(t.db.db, { email: 'GRACE@cu.example', mobile: '+18686009998' });
      const res = await put('/api/signups/approve', { signup_id: taken });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REQUEST_TEXTS.emailTaken);
      expect((await t.db.db.selectFrom('signups').select('status').where('id', '=', taken).executeTakeFirstOrThrow()).status).toBe('pending_approval');
    });

    it('ten parallel approvals of one application create exactly one member, one user and one account', async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, contact);
      const count = async () => ({
        members: Number((await t.db.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        users: Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        accounts: Number((await t.db.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      });
      const before = await count();
      const otherAdmin = await tokenFor(t.app, 'admin@cu.example');
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put('/api/signups/approve', { signup_id: id }, i % 2 ? otherAdmin : admin)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(await count()).toEqual({ members: before.members + 1, users: before.users + 1, accounts: before.accounts + 1 });
      const mails = await t.db.db.selectFrom('outbox_messages').select('id').where('recipient', '=', contact.email).where('purpose', '=', 'signup_approved').execute();
      expect(mails).toHaveLength(1);
    });

    it('refuses extra fields (mass assignment), a missing id, and unknown ids', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      for (const body of [{ signup_id: id, status: 'approved' }, { signup_id: id, user_id: 1 }, {}, { signup_id: 5 }]) {
        expect((await put('/api/signups/approve', body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await put('/api/signups/approve', { signup_id: 'no-such-signup' })).statusCode).toBe(404);
      expect((await put('/api/signups/reject', { signup_id: 'no-such-signup' })).statusCode).toBe(404);
      expect((await put('/api/signups/comment', { signup_id: 'no-such-signup', comments: 'x' })).statusCode).toBe(404);
    });
  });

  describe('reject and comment', () => {
    it('rejects with an email and an audit entry; a rejected application cannot be approved', async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, contact);
      const res = await put('/api/signups/reject', { signup_id: id });
      expect(res.json()).toMatchObject({ message: ADMIN_TEXTS.rejected, status: 'rejected' });
      const mail = await t.db.db.selectFrom('outbox_messages').select('purpose').where('recipient', '=', contact.email).execute();
      expect(mail.map((m) => m.purpose)).toEqual(['signup_rejected']);
      const again = await put('/api/signups/approve', { signup_id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ADMIN_TEXTS.alreadyRejected);
      expect(await t.db.db.selectFrom('users').select('id').where('email', '=', contact.email).executeTakeFirst()).toBeUndefined();
    });

    it("keeps a rejection's optional reason in the audit trail, not in the applicant's email; a reason over 500 characters is refused", async () => {
      const contact = next();
      const id = await insertSubmittedSignup(t.db.db, contact);
      const long = await put('/api/signups/reject', { signup_id: id, reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.reason).toBe(fillText(ADMIN_TEXTS.reasonTooLong, { max: 500 }));
      const res = await put('/api/signups/reject', { signup_id: id, reason: ' ID document does not match the applicant. ' });
      expect(res.statusCode).toBe(200);
      const entry = await t.db.db.selectFrom('audit_log').select('after').where('entity_id', '=', id).where('action', '=', 'signup.reject').executeTakeFirstOrThrow();
      const after = typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after;
      expect(after).toEqual({ status: 'rejected', reason: 'ID document does not match the applicant.' });
      const mail = await t.db.db.selectFrom('outbox_messages').select('body').where('recipient', '=', contact.email).executeTakeFirstOrThrow();
      expect(mail.body).not.toContain('ID document');
    });

    it('adds a comment at any time (trimmed, up to 500 characters), audited; blank or longer is refused', async () => {
      const id = await insertSubmittedSignup(t.db.db, next());
      for (const comments of ['', '   ', 'x'.repeat(501)]) {
        const res = await put('/api/signups/comment', { signup_id: id, comments });
        expect(res.statusCode, JSON.stringify(comments)).toBe(400);
        expect(res.json().errors.comments).toEqual(expect.any(String));
      }
      const ok = await put('/api/signups/comment', { signup_id: id, comments: ` ${'y'.repeat(498)} ` });
      expect(ok.json()).toMatchObject({ message: ADMIN_TEXTS.commentAdded, comments: 'y'.repeat(498) });
      await put('/api/signups/reject', { signup_id: id });
      expect((await put('/api/signups/comment', { signup_id: id, comments: 'Called the applicant.' })).statusCode).toBe(200);
      const review = (await get(`/api/signups/${id}`)).json();
      expect(review.signup.comments).toBe('Called the applicant.');
      expect(review.audit.map((a: { action: string }) => a.action)).toEqual(['signup.comment', 'signup.reject', 'signup.comment']);
    });
  });
});
