import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../../src/shared/product';
import { dayIn } from '../../../src/shared/dates/today';
import { ROLES } from '../../../src/shared/roles';
import { addSessionRoute, balanceOf, codeFor, confirmMemberTransfer, createMember, memberTransfer, newKey, selfTransfer, sessionHeaders, type TestMember } from './member-fixtures';
import { REQUEST_TEXTS, TRANSFER_TEXTS } from '../../../src/shared/messages';
import { MEMBER_TEXTS } from '../../../src/shared/member-texts';
import { SESSION_TEXTS } from '../../../src/shared/session-texts';
import { fieldMessage } from '../../helpers/form-messages';

const SELF = 'member/transfer-to-self';
const MEMBER = 'member/transfer-to-member';
/** The transfer forms' one message for an amount they refuse (negative, zero, not a number, more than 2 decimals...). */
const INVALID_AMOUNT = fieldMessage(SELF, 'amount', 'type');

describe.each(dbTargets())('member accounts API on $name', (target) => {
  const t = suiteApp(target, { beforeReady: addSessionRoute });
  let a: TestMember;
  let b: TestMember;
  let aHeaders: Record<string, string>;
  let bHeaders: Record<string, string>;

  beforeAll(async () => {
    a = await createMember(t.db.db, [
      { type: 'savings', cents: 100_000 },
      { type: 'deposit', cents: 50_000 },
      { type: 'loan', cents: 900_000 },
    ]);
    b = await createMember(t.db.db, [
      { type: 'savings', cents: 20_000 },
      { type: 'savings', cents: 0, productCode: 'XMS' },
      { type: 'loan', cents: 300_000 },
    ]);
    aHeaders = await sessionHeaders(t, a.userId);
    bHeaders = await sessionHeaders(t, b.userId);
  });

  it('lists only the caller\'s accounts grouped as savings, deposit and loan', async () => {
    const res = await t.call({ method: 'GET', url: '/api/accounts', headers: aHeaders });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.savings).toEqual([expect.objectContaining({ id: a.accounts[0].id, AccountNumber: a.accounts[0].number, Product: 'SAV product', AvailableBalance: 1000, balance_cents: 100_000 })]);
    expect(body.deposit).toHaveLength(1);
    expect(body.loan).toEqual([expect.objectContaining({ AvailableBalance: 9000 })]);
    expect(body.data).toEqual({ savings: body.savings, deposit: body.deposit, loan: body.loan });
  });

  it("a customer an administrator created without a membership is told so, not just 'Access denied.'", async () => {
    const user = await t.db.db
      .insertInto('users')
      .values({ first_name: 'Quinn', last_name: 'Unlinked', other_names: null, email: 'quinn.unlinked@example.com', mobile: '+18685550991', password_hash: 'x', role_id: ROLES.CUSTOMER, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.call({ method: 'GET', url: '/api/accounts/', headers: await sessionHeaders(t, user.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TRANSFER_TEXTS.noMembership);
  });

  it('offers own savings and deposit accounts for transfers to self, never loans', async () => {
    const res = await t.call({ method: 'GET', url: '/api/accounts/transfer-to-self-options', headers: aHeaders });
    expect(res.statusCode).toBe(200);
    const { Source, Destination } = res.json().data;
    expect(Source.map((s: { id: number }) => s.id)).toEqual([a.accounts[1].id, a.accounts[0].id]);
    expect(Source[0]).toMatchObject({ id: a.accounts[1].id, Account: a.accounts[1].number, Product: 'FDA product', AvailableBalance: 500 });
    expect(Destination).toEqual(Source);
  });

  it('offers own accounts as sources and the product types as member destinations', async () => {
    const res = await t.call({ method: 'GET', url: '/api/accounts/transfer-to-member-options', headers: aHeaders });
    expect(res.statusCode).toBe(200);
    const { Source, Destination } = res.json().data;
    expect(Source).toHaveLength(2);
    const codes = Destination.map((d: { Prd: string }) => d.Prd);
    expect(codes).toEqual(expect.arrayContaining(['SAV', 'XMS']));
    expect(codes).not.toContain('PLN');
    // One entry a product from the catalog (accounts opened under other names never list a type twice).
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("lists a member destination type while an active account of it exists: a new product at once, a product whose accounts all closed no more", async () => {
    const codes = async () => (await t.call({ method: 'GET', url: '/api/accounts/transfer-to-member-options', headers: aHeaders })).json().data.Destination.map((d: { Prd: string }) => d.Prd);
    const other = await createMember(t.db.db, [{ type: 'deposit', cents: 0, productCode: 'FD6' }]);
    expect(await codes()).toContain('FD6');
    await t.db.db.updateTable('accounts').set({ status: 'closed' }).where('id', '=', other.accounts[0].id).execute();
    expect(await codes()).not.toContain('FD6');
  });

  it('transfers to self: reference number, both balances, and two ledger entries in the transactions list', async () => {
    const res = await selfTransfer(t, aHeaders, a.accounts[0], a.accounts[1], 123.45);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.ReferenceNo).toMatch(/^TRF[A-Z2-9]{10}$/);
    expect(body.ReferenceNo).toBe(body.data.ReferenceNo);
    expect(await balanceOf(t.db.db, a.accounts[0].id)).toBe(100_000 - 12_345);
    expect(await balanceOf(t.db.db, a.accounts[1].id)).toBe(50_000 + 12_345);
    const list = await t.call({ method: 'GET', url: '/api/accounts/transactions?page_size=2', headers: aHeaders });
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json();
    expect(total).toBe(5); // three opening entries + debit + credit
    expect(items).toHaveLength(2);
    expect(items.map((i: { amount_cents: number }) => i.amount_cents).sort()).toEqual([-12_345, 12_345].sort());
    expect(items[0].reference_no).toBe(body.data.ReferenceNo);
    expect(items.map((i: { account_type: string }) => i.account_type).sort()).toEqual(['deposit', 'savings']);
    const loanEntries = (await t.call({ method: 'GET', url: `/api/accounts/transactions?account_id=${a.accounts[2].id}`, headers: aHeaders })).json().items;
    expect(loanEntries).toEqual([expect.objectContaining({ account_type: 'loan', amount_cents: 900_000, kind: 'opening' })]);
  });

  it('each entry carries its account\'s running balance from the ledger; a date range filters by the credit union\'s day', async () => {
    const m = await createMember(t.db.db, [
      { type: 'savings', cents: 10_000 },
      { type: 'deposit', cents: 0 },
    ]);
    const headers = await sessionHeaders(t, m.userId);
    expect((await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 30)).statusCode).toBe(200);
    expect((await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 20)).statusCode).toBe(200);
    const list = (query: string) => t.call({ method: 'GET', url: `/api/accounts/transactions?${query}`, headers });
    const savings = (await list(`account_id=${m.accounts[0].id}`)).json().items;
    expect(savings.map((i: { amount_cents: number; balance_after_cents: number }) => [i.amount_cents, i.balance_after_cents])).toEqual([
      [-2_000, 5_000],
      [-3_000, 7_000],
      [10_000, 10_000],
    ]);
    expect(savings[0].balance_after).toBe(50);
    // Page 2 of 1 still shows true balances (the running sum covers the whole ledger, not the page).
    expect((await list(`account_id=${m.accounts[0].id}&page=2&page_size=1`)).json().items[0].balance_after_cents).toBe(7_000);
    const today = dayIn(t.app.config.timeZone, new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const all = await list(`from=${today}&to=${today}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(5);
    expect((await list(`from=${tomorrow}`)).json()).toMatchObject({ items: [], total: 0 });
    expect((await list(`to=${tomorrow}&page_size=2`)).json()).toMatchObject({ total: 5, items: [expect.anything(), expect.anything()] });
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'from=2026-11-25T00:00:00Z', 'from=%00']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    // In words under the field, not the validator's "must match format".
    expect((await list('from=2026-02-30')).json().errors).toEqual({ from: REQUEST_TEXTS.realDate });
    // The calendar's ends are days like any other: everything from the first, up to the last.
    expect((await list('from=0001-01-01&to=9999-12-31')).json()).toMatchObject({ total: 5 });
    const reversed = await list(`from=${tomorrow}&to=${today}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.from).toBe(MEMBER_TEXTS.reversedDates);
  });

  it('transfers to another member by account number and product; the recipient sees the credit', async () => {
    const res = await memberTransfer(t, aHeaders, a.accounts[0], b.accounts[1], 10);
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t.db.db, b.accounts[1].id)).toBe(1_000);
    const list = await t.call({ method: 'GET', url: `/api/accounts/transactions?account_id=${b.accounts[1].id}`, headers: bHeaders });
    expect(list.json().items[0]).toMatchObject({ amount_cents: 1_000, amount: 10, reference_no: res.json().data.ReferenceNo, description: expect.stringMatching(/from account ending \d{4}$/) });
  });

  it('refuses a member transfer to a wrong type, an unknown number, or the caller\'s own account', async () => {
    const wrongType = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[1], productCode: 'SAV' }, 1);
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.destination_account).toMatch(/No account with this number and type/);
    const unknown = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[0], number: '99999999999' }, 1);
    expect(unknown.statusCode).toBe(422);
    const unlisted = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[0], productCode: 'NOPE' }, 1);
    expect(unlisted.statusCode).toBe(400);
    // A type the member's products do not list: the field's one message (the form words all its rules alike).
    expect(unlisted.json().errors.destination_product).toBe(fieldMessage(MEMBER, 'destination_product', 'type'));
    const own = await memberTransfer(t, aHeaders, a.accounts[0], a.accounts[1], 1);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toMatch(/Transfer to Self/);
  });

  it('a transfer too large answers alike for a real account number and a missing one (no account-number oracle)', async () => {
    const strip = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
      const { request_id: _id, ...rest } = res.json();
      return { status: res.statusCode, ...rest };
    };
    // Above the balance (1,000.00 less earlier transfers), within the per-transfer and daily limits.
    const big = 2_000;
    const real = await memberTransfer(t, aHeaders, a.accounts[0], b.accounts[0], big);
    const missing = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[0], number: '19999999999' }, big);
    const otherType = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[1], productCode: 'SAV' }, big);
    expect(strip(real)).toMatchObject({ status: 422, message: expect.stringMatching(/^Insufficient funds/) });
    expect(strip(missing)).toEqual(strip(real));
    expect(strip(otherType)).toEqual(strip(real));
    // Small enough to make: a missing number says so (only a real transfer tells the account exists).
    const small = await memberTransfer(t, aHeaders, a.accounts[0], { ...b.accounts[0], number: '19999999999' }, 1);
    expect(small.json().errors.destination_account).toMatch(/No account with this number and type/);
  });

  it('refuses transfers out of and into loan accounts with a clear reason', async () => {
    const out = await selfTransfer(t, aHeaders, a.accounts[2], a.accounts[0], 1);
    expect(out.statusCode).toBe(422);
    expect(out.json().message).toBe(TRANSFER_TEXTS.loanSource);
    const into = await selfTransfer(t, aHeaders, a.accounts[0], a.accounts[2], 1);
    expect(into.statusCode).toBe(422);
    expect(into.json().message).toBe(TRANSFER_TEXTS.loanDestination);
    const intoOther = await memberTransfer(t, aHeaders, a.accounts[0], b.accounts[2], 1);
    expect(intoOther.statusCode).toBe(400); // PLN is not a listed destination type
  });

  it('refuses the same account as source and destination', async () => {
    const res = await selfTransfer(t, aHeaders, a.accounts[0], a.accounts[0], 1);
    expect(res.statusCode).toBe(422);
  });

  it('shows insufficient funds as a 422 with the reason on the amount field', async () => {
    const res = await selfTransfer(t, bHeaders, b.accounts[1], b.accounts[0], 1_000_000);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, message: expect.stringMatching(/^Insufficient funds/), errors: { amount: expect.stringMatching(/^Insufficient funds/) } });
  });

  it.each([
    ['negative', -1, 'exclusiveMinimum'],
    ['zero', 0, 'exclusiveMinimum'],
    ['a fraction of a cent', 1.005, 'multipleOf'],
    ['three decimals', 12.345, 'multipleOf'],
    // Written with more digits than a double holds exactly, a number is read as text (lib/exact-numbers.ts).
    ['float drift', 0.1 + 0.2, 'type'],
    ['a tiny exponent', 1e-7, 'multipleOf'],
    ['a string', '10', 'type'],
    ['a formatted string', '$10.00', 'type'],
    ['above 2^53', 2 ** 53 + 2, 'type'],
    ['above the largest transfer', 1_000_000_000.01, 'maximum'],
    ['huge', 1e300, 'maximum'],
    ['null', null, 'type'],
    ['a boolean', true, 'type'],
    ['an object', { value: 1 }, 'type'],
  ])('I3/row 15: an amount that is %s (%s) gets 400 with the form\'s %s message for the amount, never a 500', async (_label, amount, keyword) => {
    const before = await balanceOf(t.db.db, a.accounts[0].id);
    const res = await selfTransfer(t, aHeaders, a.accounts[0], a.accounts[1], amount);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount).toBe(fieldMessage(SELF, 'amount', keyword));
    expect(await balanceOf(t.db.db, a.accounts[0].id)).toBe(before);
  });

  it('an amount written with more digits than a number holds (0.009999999999999999999, 1.0000000000000001) gets 400 with the amount message of the form, not rounded and moved', async () => {
    const before = await balanceOf(t.db.db, a.accounts[0].id);
    for (const written of ['0.009999999999999999999', '1.0000000000000001', '19.990000000000000001']) {
      const [from, to] = a.accounts;
      const res = await t.call({
        method: 'POST',
        url: '/api/accounts/transfer-to-self',
        headers: { ...aHeaders, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: newKey() },
        payload: `{"source_id":${from.id},"source_account":"${from.number}","destination_id":${to.id},"destination_account":"${to.number}","amount":${written}}`,
      });
      expect(res.statusCode, written).toBe(400);
      expect(res.json().errors, written).toEqual({ amount: INVALID_AMOUNT });
    }
    expect(await balanceOf(t.db.db, a.accounts[0].id)).toBe(before);
  });

  it('converts two-decimal amounts to exact cents (0.07, 19.99, 1000000000)', async () => {
    const rich = await createMember(t.db.db, [
      { type: 'savings', cents: 200_000_000_000 },
      { type: 'savings', cents: 0 },
    ]);
    const headers = await sessionHeaders(t, rich.userId);
    for (const amount of [0.07, 19.99, 0.29, 1_000_000_000]) expect((await selfTransfer(t, headers, rich.accounts[0], rich.accounts[1], amount)).statusCode).toBe(200);
    expect(await balanceOf(t.db.db, rich.accounts[1].id)).toBe(7 + 1_999 + 29 + 100_000_000_000);
  });

  it('row 14/15: unknown fields, missing fields and form rules get 400 with the form\'s messages', async () => {
    const base = { source_id: a.accounts[0].id, source_account: a.accounts[0].number, destination_id: a.accounts[1].id, destination_account: a.accounts[1].number, amount: 1 };
    const post = (payload: unknown) => t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', headers: { ...aHeaders, [IDEMPOTENCY_HEADER]: newKey() }, payload: payload as object });
    const extra = await post({ ...base, balance: 1_000_000 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.balance).toMatch(/Unknown field/);
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ source_id: fieldMessage(SELF, 'source_id', 'required'), destination_id: fieldMessage(SELF, 'destination_id', 'required'), amount: fieldMessage(SELF, 'amount', 'required') });
    // Each refusal says what is wrong with the value sent, not "Required" for an id sent as text, nor a length for a number.
    const wrongKinds = await post({ ...base, source_id: String(base.source_id), source_account: 'savings', instructions: 5 });
    expect(wrongKinds.statusCode).toBe(400);
    expect(wrongKinds.json().errors).toEqual({ source_id: fieldMessage(SELF, 'source_id', 'type'), source_account: fieldMessage(SELF, 'source_account', 'pattern'), instructions: REQUEST_TEXTS.notText });
    const memberMissing = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-member', headers: { ...aHeaders, [IDEMPOTENCY_HEADER]: newKey() }, payload: {} });
    expect(memberMissing.json().errors).toMatchObject({ destination_product: fieldMessage(MEMBER, 'destination_product', 'required'), destination_account: fieldMessage(MEMBER, 'destination_account', 'required') });
  });

  it('requires an Idempotency-Key header on every transfer', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/accounts/transfer-to-self',
      headers: aHeaders,
      payload: { source_id: a.accounts[0].id, source_account: a.accounts[0].number, destination_id: a.accounts[1].id, destination_account: a.accounts[1].number, amount: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
  });

  it('row 12: member A using B\'s account ids gets the same 404 as a missing id, with every method', async () => {
    const missingId = 2_000_000_000;
    const strip = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });
    const bSource = b.accounts[0];
    const aOwn = a.accounts[0];
    const missing = { id: missingId, number: '99999999998', type: 'savings' as const, productCode: 'SAV' };

    const pairs: Array<[Promise<{ statusCode: number; json(): any }>, Promise<{ statusCode: number; json(): any }>]> = [
      // B's account as the source
      [selfTransfer(t, aHeaders, bSource, aOwn, 1), selfTransfer(t, aHeaders, missing, aOwn, 1)],
      // B's account as the destination of a transfer to self
      [selfTransfer(t, aHeaders, aOwn, bSource, 1), selfTransfer(t, aHeaders, aOwn, missing, 1)],
      // B's account as the source of a member transfer
      [memberTransfer(t, aHeaders, bSource, a.accounts[1], 1), memberTransfer(t, aHeaders, missing, a.accounts[1], 1)],
      // B's ledger
      [t.call({ method: 'GET', url: `/api/accounts/transactions?account_id=${bSource.id}`, headers: aHeaders }), t.call({ method: 'GET', url: `/api/accounts/transactions?account_id=${missingId}`, headers: aHeaders })],
    ];
    for (const [theirs, none] of pairs) {
      const [x, y] = await Promise.all([theirs, none]);
      expect(x.statusCode).toBe(404);
      expect(y.statusCode).toBe(404);
      expect(strip(x.json())).toEqual(strip(y.json()));
    }
    // Right id, someone else's number (or the other way round) is the same 404.
    expect((await selfTransfer(t, aHeaders, { ...aOwn, number: bSource.number }, a.accounts[1], 1)).statusCode).toBe(404);
    expect(await balanceOf(t.db.db, bSource.id)).toBe(20_000);
    // Lists never show B's accounts.
    const list = await t.call({ method: 'GET', url: '/api/accounts', headers: aHeaders });
    expect(JSON.stringify(list.json())).not.toContain(bSource.number);
  });

  it('needs a member session: none -> 401, an administrator -> 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', payload: {} })).statusCode).toBe(401);
    const admin = await t.db.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
    const adminHeaders = await sessionHeaders(t, admin.id);
    for (const url of ['/api/accounts', '/api/accounts/transfer-to-self-options', '/api/accounts/transfer-to-member-options', '/api/accounts/transactions']) {
      expect((await t.call({ method: 'GET', url, headers: adminHeaders })).statusCode).toBe(403);
    }
  });

  it('a transfer to self checks the session in its own statement: revoked, expired or blocked -> 401, an administrator -> 403, before the body is judged, and nothing moves', async () => {
    const c = await createMember(t.db.db, [
      { type: 'savings', cents: 10_000 },
      { type: 'savings', cents: 0 },
    ]);
    const [from, to] = c.accounts;
    const moved = async () => ({ from: await balanceOf(t.db.db, from.id), to: await balanceOf(t.db.db, to.id), transfers: (await t.db.db.selectFrom('transfers').select('id').where('user_id', '=', c.userId).execute()).length });
    const badBody = (headers: Record<string, string>) => t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', headers: { ...headers, [IDEMPOTENCY_HEADER]: newKey() }, payload: { source_id: from.id, amount: 'x' } });
    // The session row a token names (its jti).
    const sessionOf = (headers: Record<string, string>) => ({ id: String(JSON.parse(Buffer.from(headers[TOKEN_HEADER].split('.')[1], 'base64url').toString()).jti) });

    // A live session: the one statement moves the money; a replay of its key answers the same transfer.
    const live = await sessionHeaders(t, c.userId);
    const key = newKey();
    const first = await selfTransfer(t, live, from, to, 10, key);
    expect(first.statusCode).toBe(200);
    expect(await moved()).toEqual({ from: 9_000, to: 1_000, transfers: 1 });

    // Revoked: a new transfer, a replay of the earlier key and a body the schema refuses all answer 401.
    const revoked = live;
    await t.db.db.updateTable('sessions').set({ revoked_on: new Date() }).where('id', '=', sessionOf(revoked).id).execute();
    for (const res of [await selfTransfer(t, revoked, from, to, 10), await selfTransfer(t, revoked, from, to, 10, key), await badBody(revoked)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SESSION_TEXTS.expired);
    }
    // Expired in the database (the token itself still within its time) and a blocked user: 401 too.
    const expired = await sessionHeaders(t, c.userId);
    await t.db.db.updateTable('sessions').set({ expires_on: new Date(Date.now() - 1000) }).where('id', '=', sessionOf(expired).id).execute();
    expect((await selfTransfer(t, expired, from, to, 10)).statusCode).toBe(401);
    expect((await badBody(expired)).statusCode).toBe(401);
    const blocked = await sessionHeaders(t, c.userId);
    await t.db.db.updateTable('users').set({ is_blocked: true }).where('id', '=', c.userId).execute();
    expect((await selfTransfer(t, blocked, from, to, 10)).statusCode).toBe(401);
    expect((await badBody(blocked)).statusCode).toBe(401);
    await t.db.db.updateTable('users').set({ is_blocked: false }).where('id', '=', c.userId).execute();
    expect(await moved()).toEqual({ from: 9_000, to: 1_000, transfers: 1 });

    // An administrator's live session: 403 whether the body is whole or not, and still nothing moves.
    const admin = await t.db.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
    const adminHeaders = await sessionHeaders(t, admin.id);
    expect((await selfTransfer(t, adminHeaders, from, to, 10)).statusCode).toBe(403);
    expect((await badBody(adminHeaders)).statusCode).toBe(403);
    // A live member session with a body the schema refuses gets the form's 400, and a refusal its reason.
    expect((await badBody(blocked)).statusCode).toBe(400);
    const tooMuch = await selfTransfer(t, blocked, from, to, 1_000);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toContain('Insufficient funds');
    expect(await moved()).toEqual({ from: 9_000, to: 1_000, transfers: 1 });
  });

  it('the seeded member can send to grace@cu.example\'s savings account 10000000201', async () => {
    const member = await t.db.db.selectFrom('users').select('id').where('email', '=', 'member@cu.example').executeTakeFirstOrThrow();
    const headers = await sessionHeaders(t, member.id);
    const options = (await t.call({ method: 'GET', url: '/api/accounts/transfer-to-member-options', headers })).json().data;
    const source = options.Source.find((s: { Account: string }) => s.Account === '10000000101');
    const body = { source_id: source.id, source_account: source.Account, destination_product: 'SAV', destination_account: '10000000201', amount: 25.5, instructions: 'Lunch' };
    const key = newKey();
    const { code } = await codeFor(t, headers, member.id, body, key);
    const res = await confirmMemberTransfer(t, headers, body, key, code!);
    expect(res.statusCode).toBe(200);
    const grace = await t.db.db.selectFrom('accounts').select('balance_cents').where('account_number', '=', '10000000201').executeTakeFirstOrThrow();
    expect(Number(grace.balance_cents)).toBe(310_000 + 2_550);
  });
});
