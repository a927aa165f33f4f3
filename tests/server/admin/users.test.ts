import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { verifyPassword } from '../../../src/server/lib/passwords';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { auth, insertManyUsers, tokenFor, validUserBody } from './admin-helpers';
import { USER_FORM_RULES } from './user-form-rules';
import { ADMIN_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { configuredMessage, fieldMessage, unknownFieldMessage } from '../../helpers/form-messages';

const BULK = 1_200;
const USER_FORM = 'admin/user';
const message = (field: string, keyword: string, form = USER_FORM) => fieldMessage(form, field, keyword);

function withField(field: string, value: unknown) {
  const body = validUserBody();
  if (value === undefined) delete body[field];
  else body[field] = value;
  return body;
}

describe.each(dbTargets())('admin users API on $name', (target) => {
  let admin: string;
  let member: string;
  const clock = new FakeClock(new Date('2026-11-22T12:00:00Z'));
  const t = suiteApp(target, { clock, prepare: (db) => insertManyUsers(db.db, BULK) });

  beforeAll(async () => {
    admin = await tokenFor(t.app, 'admin@cu.example');
    member = await tokenFor(t.app, 'member@cu.example');
  });

  const as = (token: string) => auth(token);

  describe('form rules on POST /users', () => {
    // The table (shared with the UI tests) spells the repository's words; the expected text is the configured form's at that place.
    it.each(USER_FORM_RULES)('%s = %j -> %s', async (field, value, words) => {
      const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: withField(field, value) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(configuredMessage(USER_FORM, field, words));
    });

    it('every field message comes back together, the future date of birth included (POST and PUT)', async () => {
      const bad = { first_name: 'Ann3', email: 'not-an-email', mobile: '1234567', dob: '2030-01-02', gender: 'unknown' };
      const expected = (form: string) => ({
        first_name: message('first_name', 'pattern', form),
        email: message('email', 'format', form),
        mobile: message('mobile', 'pattern', form),
        dob: message('dob', 'notAfterToday', form),
        gender: message('gender', 'enum', form),
      });
      const created = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody(bad) });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ status: 400, message: REQUEST_TEXTS.fixFields });
      expect(created.json().errors).toEqual(expected(USER_FORM));
      const { password: _p, verify_password: _v, ...form } = validUserBody();
      const user = (await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ email: 'all.messages@example.com', mobile: '+18687770301' }) })).json().user;
      const updated = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, ...bad } });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().errors).toEqual(expected('admin/user-update'));
      // A future date alone, and a missing field with it.
      const { last_name: _l, ...noLastName } = validUserBody({ dob: '2030-01-02' });
      expect((await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: noLastName })).json().errors).toEqual({ last_name: message('last_name', 'required'), dob: message('dob', 'notAfterToday') });
    });

    it('accepts the edges: 50-letter names, accented letters (composed or as a letter and its accent), 8 and 20 character mobiles, gender other, today as birth date', async () => {
      const base = { first_name: 'É'.repeat(50), last_name: "D'Arcy-Núñez", other_names: 'Jose\u0301 Zoe\u0308', mobile: '777-0123', gender: 'other', dob: '2026-11-22' };
      const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ ...base, email: 'edge1@example.com' }) });
      expect(res.statusCode).toBe(201);
      const res20 = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ email: 'edge2@example.com', mobile: '+1 (868) 555-0100 12' }) });
      expect(res20.statusCode).toBe(201);
    });

    it('the update form has the same rules without the password fields', () => {
      const create = resolveForm(readFormsDir(), 'admin/user').schema;
      const update = resolveForm(readFormsDir(), 'admin/user-update').schema;
      const { password: _p, verify_password: _v, ...rest } = create.properties;
      expect(update.properties).toEqual(rest);
      expect(update.required).toEqual(create.required.filter((f: string) => f !== 'password' && f !== 'verify_password'));
      expect(update.additionalProperties).toBe(false);
    });
  });

  describe('create', () => {
    it('creates the user with an argon2id hash, drops verify_password, audits, and answers the spec message', async () => {
      const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody() });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe(ADMIN_TEXTS.userCreated);
      expect(body.user).toMatchObject({ first_name: 'Nadia', last_name: "O'Connor-Ali", email: 'nadia.oconnor@example.com', role_id: 2, office_id: 2, is_blocked: false, is_deleted: false });
      expect(body.user).not.toHaveProperty('password_hash');
      const row = await t.db.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.password_hash, 'Str0ng!Pass')).toBe(true);
      const view = (await t.call({ method: 'GET', url: `/api/users/${body.user.id}`, headers: as(admin) })).json();
      expect(view.audit[0]).toMatchObject({ action: 'user.create', actor_name: 'Ava Administrator' });
      expect(JSON.stringify(view.audit)).not.toMatch(/password|argon2/);
    });

    it("accepts the specification's create call, which sends no verify_password, and still checks one that is sent", async () => {
      const spec = validUserBody({ email: 'spec.client@example.com', mobile: '+18687731001' });
      delete spec.verify_password;
      expect((await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: spec })).statusCode).toBe(201);
      const mismatch = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: { ...validUserBody({ email: 'spec.client2@example.com', mobile: '+18687731002' }), verify_password: 'Other!Pass1' } });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors.verify_password).toBe(message('verify_password', 'const'));
    });

    it('refuses a registered email (any case) and mobile with the spec messages', async () => {
      const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ email: 'MEMBER@cu.example', mobile: '+18683000002' }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({
        email: REQUEST_TEXTS.emailTaken,
        mobile: REQUEST_TEXTS.mobileTaken,
      });
    });

    it.each([['password_hash', 'x'], ['is_deleted', true], ['is_blocked', true], ['member_id', 1], ['last_signed_in_on', '2026-01-01T00:00:00Z'], ['id', 1], ['constructor', { any: 1 }], ['toString', 'x']])(
      'refuses a body that sets %s (mass assignment) with 400',
      async (field, value) => {
        const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ email: `mass-${field}@example.com`, mobile: '+18685559999', [field]: value }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[field]).toBe(unknownFieldMessage(field));
      },
    );
  });

  describe('list', () => {
    it(`pages over more than ${BULK} users in the database, 10 by default, with the total`, async () => {
      const first = (await t.call({ method: 'GET', url: '/api/users', headers: as(admin) })).json();
      expect(first.items).toHaveLength(10);
      expect(first.total).toBeGreaterThan(BULK);
      const last = Math.ceil(first.total / 50);
      const lastPage = (await t.call({ method: 'GET', url: `/api/users?page=${last}&page_size=50`, headers: as(admin) })).json();
      expect(lastPage.items).toHaveLength(first.total - (last - 1) * 50);
      const beyond = (await t.call({ method: 'GET', url: `/api/users?page=${last + 1}&page_size=50`, headers: as(admin) })).json();
      expect(beyond).toEqual({ items: [], total: first.total });
      const page2 = (await t.call({ method: 'GET', url: '/api/users?page=2&page_size=20', headers: as(admin) })).json();
      expect(page2.items[0].id).toBeGreaterThan(first.items[9].id);
      expect(page2.items[0]).not.toHaveProperty('password_hash');
      expect(page2.items[0]).toMatchObject({ name: expect.any(String), last_signed_in_on: null });
    });

    it('searches names, emails, mobiles and ids in the database', async () => {
      const byName = (await t.call({ method: 'GET', url: '/api/users?search=tester3&page_size=100', headers: as(admin) })).json();
      expect(byName.total).toBe(Array.from({ length: BULK }, (_, i) => i).filter((i) => i % 7 === 3).length);
      expect(byName.items.every((u: { last_name: string }) => u.last_name === 'Tester3')).toBe(true);
      const full = (await t.call({ method: 'GET', url: `/api/users?search=${encodeURIComponent('Bulk1000 Tester')}`, headers: as(admin) })).json();
      expect(full.items.map((u: { email: string }) => u.email)).toEqual(['bulk1000@load.example']);
      const byMobile = (await t.call({ method: 'GET', url: '/api/users?search=%2B18685551111', headers: as(admin) })).json();
      expect(byMobile.items.map((u: { email: string }) => u.email)).toEqual(['bulk1111@load.example']);
      const byId = (await t.call({ method: 'GET', url: '/api/users?search=00001', headers: as(admin) })).json();
      expect(byId.items.map((u: { id: number }) => u.id)).toContain(1);
      const literal = (await t.call({ method: 'GET', url: '/api/users?search=%25', headers: as(admin) })).json();
      expect(literal.total).toBe(0);
    });

    it('filters by status: active, blocked, deleted', async () => {
      const blocked = (await t.call({ method: 'GET', url: '/api/users?status=blocked&page_size=100', headers: as(admin) })).json();
      expect(blocked.total).toBeGreaterThanOrEqual(Array.from({ length: BULK }, (_, i) => i).filter((i) => i % 10 === 3).length);
      expect(blocked.items.every((u: { is_blocked: boolean }) => u.is_blocked)).toBe(true);
      const deleted = (await t.call({ method: 'GET', url: '/api/users?status=deleted&search=bulk', headers: as(admin) })).json();
      expect(deleted.total).toBe(Array.from({ length: BULK }, (_, i) => i).filter((i) => i % 25 === 4).length);
      const active = (await t.call({ method: 'GET', url: '/api/users?status=active&page_size=100', headers: as(admin) })).json();
      expect(active.items.every((u: { is_blocked: boolean; is_deleted: boolean }) => !u.is_blocked && !u.is_deleted)).toBe(true);
    });

    it('refuses bad paging and unknown query fields with 400', async () => {
      for (const q of ['page=0', 'page_size=101', 'status=gone', 'sort=password_hash', 'page=abc']) {
        const res = await t.call({ method: 'GET', url: `/api/users?${q}`, headers: as(admin) });
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('view, update, block, delete', () => {
    async function createUser(n: number) {
      const res = await t.call({ method: 'POST', url: '/api/users', headers: as(admin), payload: validUserBody({ email: `life${n}@example.com`, mobile: `+1868777${String(n).padStart(4, '0')}`, password: 'Life!Pass1', verify_password: 'Life!Pass1' }) });
      expect(res.statusCode).toBe(201);
      return res.json().user as { id: number; email: string };
    }

    it('answers 404 for unknown ids on every method, 400 for ids that are not numbers', async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/users/999999', undefined],
        ['PUT', '/api/users/999999', { is_blocked: true }],
        ['PUT', '/api/users/999999', validUserBody({ password: undefined, verify_password: undefined })],
        ['DELETE', '/api/users/999999/soft', undefined],
      ] as const) {
        const body = payload && 'password' in payload ? Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'password' && k !== 'verify_password')) : payload;
        const res = await t.call({ method, url, headers: as(admin), payload: body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await t.call({ method: 'GET', url: '/api/users/abc', headers: as(admin) })).statusCode).toBe(400);
    });

    it('updates with the update form, refuses passwords and other fields there, keeps uniqueness', async () => {
      const user = await createUser(1);
      const { password: _p, verify_password: _v, ...form } = validUserBody({ email: user.email, mobile: '+18687770001' });
      const ok = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, first_name: 'Renamed', role_id: 1 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: ADMIN_TEXTS.userUpdated, user: { first_name: 'Renamed', role_id: 1 } });
      const withPassword = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, password: 'Another!1' } });
      expect(withPassword.statusCode).toBe(400);
      expect(withPassword.json().errors.password).toBe(unknownFieldMessage('password'));
      const futureDob = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, dob: '2026-11-23' } });
      expect(futureDob.json().errors.dob).toBe(message('dob', 'notAfterToday', 'admin/user-update'));
      const taken = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, email: 'grace@cu.example' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(REQUEST_TEXTS.emailTaken);
      for (const extra of [{ is_deleted: false }, { is_blocked: true, role_id: 1 }, { is_blocked: 'yes' }, { password_hash: 'x' }]) {
        const res = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      }
      const audit = (await t.call({ method: 'GET', url: `/api/users/${user.id}`, headers: as(admin) })).json().audit;
      expect(audit[0]).toMatchObject({ action: 'user.update', before: { first_name: 'Nadia', role_id: 2 }, after: { first_name: 'Renamed', role_id: 1 } });
    });

    it('a changed email or mobile is told at the old one, naming the new one masked; a change of name alone sends nothing', async () => {
      const user = await createUser(3);
      const before = await t.db.db.selectFrom('users').select(['email', 'mobile']).where('id', '=', user.id).executeTakeFirstOrThrow();
      const { password: _p, verify_password: _v, ...form } = validUserBody({ email: before.email, mobile: before.mobile });
      const notices = () => t.db.db.selectFrom('outbox_messages').select(['channel', 'recipient', 'body']).where('purpose', '=', 'contact_changed').where('recipient', 'in', [before.email, before.mobile, 'moved.away@example.com', '+18687779042']).orderBy('id').execute();

      expect((await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, first_name: 'Renamed' } })).statusCode).toBe(200);
      expect(await notices()).toEqual([]);

      const moved = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { ...form, email: 'moved.away@example.com', mobile: '+18687779042' } });
      expect(moved.statusCode, moved.body).toBe(200);
      const sent = await notices();
      expect(sent.map((n) => [n.channel, n.recipient])).toEqual([['email', before.email], ['sms', before.mobile]]);
      expect(sent[0].body).toContain('m*********@example.com');
      expect(sent[1].body).toContain('+1******9042');
      for (const notice of sent) {
        expect(notice.body).not.toContain('moved.away@example.com');
        expect(notice.body).toMatch(/If you did not ask for this, call the credit union at once/);
      }
    });

    it('block ends the user\'s sessions at once (401), unblock lets them back, both audited', async () => {
      const user = await createUser(2);
      const token = await tokenFor(t.app, user.email);
      const blocked = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { is_blocked: true } });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().user.is_blocked).toBe(true);
      const replay = await t.call({ method: 'GET', url: `/api/users/${user.id}`, headers: as(token) });
      expect(replay.statusCode).toBe(401);
      const revoked = await t.db.db.selectFrom('sessions').select('revoked_on').where('user_id', '=', user.id).execute();
      expect(revoked.every((s) => s.revoked_on !== null)).toBe(true);
      const unblocked = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { is_blocked: false } });
      expect(unblocked.json().user.is_blocked).toBe(false);
      const audit = (await t.call({ method: 'GET', url: `/api/users/${user.id}`, headers: as(admin) })).json().audit;
      expect(audit.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['user.unblock', 'user.block']);
    });

    it('soft delete ends sessions, keeps the user listed with is_deleted, refuses a second delete; a deleted user can still be edited and blocked', async () => {
      const user = await createUser(3);
      const token = await tokenFor(t.app, user.email);
      const res = await t.call({ method: 'DELETE', url: `/api/users/${user.id}/soft`, headers: as(admin) });
      expect(res.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/users', headers: as(token) })).statusCode).toBe(401);
      const again = await t.call({ method: 'DELETE', url: `/api/users/${user.id}/soft`, headers: as(admin) });
      expect(again.statusCode).toBe(409);
      const listed = (await t.call({ method: 'GET', url: `/api/users?search=${user.email}`, headers: as(admin) })).json();
      expect(listed.items[0]).toMatchObject({ id: user.id, is_deleted: true });
      expect((await t.call({ method: 'PUT', url: `/api/users/${user.id}`, headers: as(admin), payload: { is_blocked: true } })).statusCode).toBe(200);
    });

    it('an administrator cannot block, delete or demote their own account, alone or inside an edit: 409 with a clear message, nothing changed', async () => {
      const me = await t.db.db.selectFrom('users').selectAll().where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
      const auditBefore = (await t.call({ method: 'GET', url: `/api/users/${me.id}`, headers: as(admin) })).json().audit.length;
      const { password: _p, verify_password: _v, ...form } = validUserBody({ first_name: me.first_name, last_name: me.last_name, email: me.email, mobile: me.mobile, role_id: me.role_id, office_id: me.office_id ?? 1 });
      const refusals: Array<[string, 'PUT' | 'DELETE', string, Record<string, unknown> | undefined]> = [
        ['block', 'PUT', `/api/users/${me.id}`, { is_blocked: true }],
        ['delete', 'DELETE', `/api/users/${me.id}/soft`, undefined],
        ['an edit that blocks', 'PUT', `/api/users/${me.id}`, { ...form, is_blocked: true }],
        ['an edit that deletes', 'PUT', `/api/users/${me.id}`, { ...form, is_deleted: true }],
      ];
      for (const [what, method, url, payload] of refusals) {
        const res = await t.call({ method, url, headers: as(admin), payload });
        expect(res.statusCode, what).toBe(409);
        expect(res.json().message, what).toBe(what.includes('delete') ? ADMIN_TEXTS.cannotDeleteSelf : ADMIN_TEXTS.cannotBlockSelf);
      }
      // Nor take away their own administrator role (found by the admin review: Ava made herself a Customer).
      const demoted = await t.call({ method: 'PUT', url: `/api/users/${me.id}`, headers: as(admin), payload: { ...form, role_id: 2 } });
      expect(demoted.statusCode).toBe(409);
      expect(demoted.json()).toMatchObject({ message: ADMIN_TEXTS.cannotChangeOwnRole, errors: { role_id: ADMIN_TEXTS.cannotChangeOwnRole } });
      const after = await t.db.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ is_blocked: false, is_deleted: false, role_id: me.role_id });
      const view = (await t.call({ method: 'GET', url: `/api/users/${me.id}`, headers: as(admin) })).json();
      expect(view.audit).toHaveLength(auditBefore);
      // The session is still alive, and the administrator can still edit their own details.
      const ok = await t.call({ method: 'PUT', url: `/api/users/${me.id}`, headers: as(admin), payload: form });
      expect(ok.statusCode).toBe(200);
    });

    it('a member gets 403 and no session gets 401', async () => {
      expect((await t.call({ method: 'GET', url: '/api/users', headers: as(member) })).statusCode).toBe(403);
      expect((await t.call({ method: 'POST', url: '/api/users', payload: {} })).statusCode).toBe(401);
    });
  });
});
