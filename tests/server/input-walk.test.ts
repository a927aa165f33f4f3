import crypto from 'node:crypto';
import type { JsonObject } from '../../src/shared/forms/form-registry';
import fs from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { dbTargets } from '../helpers/test-db';
import { createTestApp, suiteApp } from '../helpers/test-app';
import { auth, insertSubmittedSignup, tokenFor, validUserBody } from './admin/admin-helpers';
import { nextIp } from './auth/auth-helpers';
import { adultSignup, createApplicant, multipart, PDF, type Applicant } from './onboarding/onboarding-helpers';
import { addSessionRoute, createMember, sessionHeaders, type TestMember } from './member/member-fixtures';
import { IDEMPOTENCY_HEADER } from '../../src/shared/product';
import type { RouteEntry } from '../../src/server/plugins/input-guard';
import { ADMIN_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../src/shared/messages';
import { API_TEXTS } from '../../src/server/lib/api-texts';
import { fieldMessage } from '../helpers/form-messages';
import { fillText } from '../../src/shared/fill-text';
import { stepRequest } from '../helpers/journey-bodies';
import { listSteps } from '../../src/shared/flow/flow-types';
import { onboardingFlow } from '../../src/server/lib/onboarding-flow';

/**
 * SECURITY.md row 15: bad input is a 4xx on EVERY route, never a 500. The routes come from the app
 * itself (`app.routeTable`, filled as routes register), so a new route is walked without editing this
 * file. Each route gets: NUL characters and unpaired surrogates in every path parameter, query field
 * and body field; ids beyond the database's integer range; odd JSON bodies; and malformed multipart.
 * Every answer must be a 4xx in the one error shape { status, message, detail, errors?, request_id }.
 */

type Schema = JsonObject;
const BIG = 99_999_999_999;
const PARAM_VALUES = ['%00', 'a%00b', '99999999999', '-99999999999', '2147483648', '%E0%A4%A'];
/** Percent-encoded bytes that are not UTF-8 (an encoded surrogate): the URL decoder keeps them as typed, so any answer but a 5xx will do. */
const NOT_UTF8 = '%ED%A0%80';
const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
/** Characters no field means (lib/safe-text.ts): a control character, a text-direction override, a noncharacter. */
const NOT_ALLOWED = { bell: 'a\u0007b', escape: '\u001b[31m', 'C1 control': 'a\u0085b', 'RTL override': 'invoice\u202Efdp.exe', noncharacter: 'a\uffffb', 'bytes not UTF-8, as read': 'Ren\ufffde' };
/** The PEP step's body as the wizard sends it (the QA journey's answers, so a field an analyst adds is there), with `data` over them. */
const pepBody = (applicant: Applicant, data: Record<string, unknown>) => ({ signup_id: applicant.id, ...stepRequest('politically-exposed-persons', { data }).body });
/** Text that shows as nothing: a schema demanding text (minLength, or a pattern "" fails) refuses it as empty. */
const BLANKS = { spaces: '   ', 'zero-width space': '\u200b\u200b', 'BOM and NBSP': '\ufeff\u00a0', 'Hangul filler and braille blank': '\u3164\u2800' };
const OUT_OF_RANGE = [BIG, -BIG, 2_147_483_648];
/** The calendar's ends: year 0000 does not exist (a 400), the others are dates (any answer but a 5xx). */
const EDGE_DATES = ['0000-01-01', '0001-01-01', '0050-06-15', '9999-12-31'];
/** More fields than any form has (safe-text.ts MAX_VALUES): refused before the schema lists one message per field. */
const MANY_FIELDS = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i.toString(36)}`, 0]));
/**
 * Names every JavaScript object answers to: a value looked up in the configuration's maps must be one of their own
 * keys. One of each kind the prototype holds: an object (`__proto__`) and a function (`constructor`, like toString).
 */
const OBJECT_KEYS = ['__proto__', 'constructor'];
/** The fields that say which part of a step a one-record call fills (the flow's `parts.key`): not in any form. */
const RECORD_KEYS = listSteps(onboardingFlow()).flatMap((step) => (step.submit?.parts && 'key' in step.submit.parts ? [step.submit.parts.key] : []));
/** Line breaks of every kind: refused in a field drawn on one line. */
const LINE_BREAKS = { 'CR LF': 'Ann\r\nMarie', LF: 'Ann\nMarie', CR: 'Ann\rMarie', 'line separator': 'Ann\u2028Marie', 'paragraph separator': 'Ann\u2029Marie' };

/** A value that passes the schema's simple keywords, so a variant differs from an acceptable body in one field only. */
function sampleOf(schema: Schema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return 'x';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.oneOf) && schema.oneOf.length && !schema.properties) return sampleOf(schema.oneOf[0] as Schema);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries<Schema>(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
  if (schema.format === 'date') return '1990-01-02';
  if (schema.format === 'email') return 'walker@example.com';
  const candidates = ['x'.repeat(Math.max(1, schema.minLength ?? 1)), '10000000101', 'Abcdef1!x', '1'];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  return candidates.find((c) => !pattern || pattern.test(c)) ?? candidates[0];
}

/** Top-level fields of a body schema by kind; routes without a body schema get the fields our bodies use. */
function bodyFields(schema: Schema | undefined): { strings: string[]; integers: string[] } {
  // A route whose body is one of several forms (told apart by one field) has the fields of them all.
  const variants = (schema?.oneOf ?? schema?.anyOf) as Schema[] | undefined;
  if (variants?.length) schema = { ...schema, properties: Object.assign({}, ...variants.map((v) => v.properties ?? {}), schema?.properties ?? {}) };
  if (!schema?.properties) return { strings: ['signup_id', 'email', 'mobile', 'first_name', 'account_number', 'comments'], integers: ['user_id', 'source_id', 'destination_id', 'id', 'account_id'] };
  const strings: string[] = [];
  const integers: string[] = [];
  for (const [name, sub] of Object.entries<Schema>(schema.properties)) {
    const types = [sub.type].flat();
    if (types.includes('string') || sub.format || sub.pattern) strings.push(name);
    if (types.includes('integer') || types.includes('number')) integers.push(name);
  }
  return { strings, integers };
}

/** A JSON body's text, number and true/false fields, as a multipart form sends them. */
const plainFields = (body: unknown) => Object.fromEntries(Object.entries(typeof body === 'object' && body ? body : {}).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)));

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

describe.each(dbTargets())('every route answers bad input with a 4xx on $name', (target) => {
  const t = suiteApp(target);
  let routes: RouteEntry[];
  let applicant: Applicant;

  beforeAll(async () => {
    routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/test-only'));
    applicant = await createApplicant(t, adultSignup(9101));
  });

  /** Fresh sessions per route, so a logout or a block the walk provokes cannot hide the next route's handler. */
  async function callersFor(): Promise<Array<Record<string, string>>> {
    const [admin, member] = await Promise.all([tokenFor(t.app, 'admin@cu.example'), tokenFor(t.app, 'member@cu.example')]);
    return [
      { ...auth(admin), ...applicant.headers },
      { ...auth(member), ...applicant.headers },
    ];
  }

  function expectClean4xx(res: LightMyRequestResponse, label: string, anyAnswerBut5xx = false) {
    if (anyAnswerBut5xx) {
      expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      return;
    }
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    const body = res.json();
    expect(body, label).toMatchObject({ status: res.statusCode, message: expect.any(String), detail: expect.any(String), request_id: expect.any(String) });
    if (body.errors !== undefined) expect(typeof body.errors, label).toBe('object');
    expect(body.message, label).not.toMatch(/stack|select |insert |update |postgres|relation /i);
  }

  const fill = (url: string, value = '1') => url.replace(/:[A-Za-z_]+/g, value);

  /** `carriesFile`: a plausible upload that may be accepted (then its one file is kept). */
  type Variant = { label: string; options: InjectOptions; anyAnswerBut5xx?: boolean; tooMany?: boolean; carriesFile?: boolean };
  function variantsFor(route: RouteEntry): Variant[] {
    const out: Variant[] = [];
    const method = route.method as InjectOptions['method'];
    const schema = (route.schema ?? {}) as Record<string, Schema | undefined>;
    const baseBody = schema.body ? (sampleOf(schema.body) as Record<string, unknown>) : { signup_id: applicant.id };
    const body = hasBody(route.method) ? baseBody : undefined;
    const url = fill(route.url);

    // Path parameters: each bad value in each parameter.
    for (const param of route.url.match(/:[A-Za-z_]+/g) ?? []) {
      for (const value of PARAM_VALUES) {
        out.push({ label: `${param}=${value}`, options: { method, url: fill(route.url.replace(param, value)), payload: body } });
      }
      out.push({ label: `${param}=RTL override`, options: { method, url: fill(route.url.replace(param, 'a%E2%80%AEb')), payload: body } });
      out.push({ label: `${param}=${NOT_UTF8}`, options: { method, url: fill(route.url.replace(param, NOT_UTF8)), payload: body }, anyAnswerBut5xx: true });
    }
    // Query: NUL in every declared field (and an undeclared one); out-of-range integers.
    const queryProps = Object.entries<Schema>(schema.querystring?.properties ?? { search: { type: 'string' } });
    for (const [name, sub] of queryProps) {
      out.push({ label: `?${name}=NUL`, options: { method, url: `${url}?${name}=a%00b`, payload: body } });
      out.push({ label: `?${name}=escape`, options: { method, url: `${url}?${name}=%1B%5B31m`, payload: body } });
      out.push({ label: `?${name}=RTL override`, options: { method, url: `${url}?${name}=a%E2%80%AEb`, payload: body } });
      out.push({ label: `?${name}=not UTF-8`, options: { method, url: `${url}?${name}=a${NOT_UTF8}b`, payload: body }, anyAnswerBut5xx: true });
      if ([sub.type].flat().includes('integer')) {
        for (const n of OUT_OF_RANGE) out.push({ label: `?${name}=${n}`, options: { method, url: `${url}?${name}=${n}`, payload: body } });
      }
      if (sub.format === 'date') {
        for (const day of EDGE_DATES) out.push({ label: `?${name}=${day}`, options: { method, url: `${url}?${name}=${day}`, payload: body }, anyAnswerBut5xx: !day.startsWith('0000') });
      }
    }
    out.push({ label: '?zz=NUL', options: { method, url: `${url}?zz=%00`, payload: body } });
    if (!hasBody(route.method)) return out;

    // Body: one bad field at a time in an otherwise plausible body.
    const { strings, integers } = bodyFields(schema.body);
    for (const field of strings) {
      out.push({ label: `body.${field}=NUL`, options: { method, url, payload: { ...baseBody, [field]: NUL_TEXT } } });
      out.push({ label: `body.${field}=surrogate`, options: { method, url, payload: { ...baseBody, [field]: LONE_SURROGATE } } });
      out.push({ label: `body.${field}=[NUL]`, options: { method, url, payload: { ...baseBody, [field]: [NUL_TEXT] } } });
      for (const [name, text] of Object.entries(NOT_ALLOWED)) out.push({ label: `body.${field}=${name}`, options: { method, url, payload: { ...baseBody, [field]: text } } });
      const sub = schema.body?.properties?.[field] as Schema | undefined;
      const demandsText = !!sub && ((sub.minLength ?? 0) >= 1 || (typeof sub.pattern === 'string' && !new RegExp(sub.pattern, 'u').test('')));
      if (demandsText) for (const [name, text] of Object.entries(BLANKS)) out.push({ label: `body.${field}=${name}`, options: { method, url, payload: { ...baseBody, [field]: text } } });
    }
    // An object's own names as a value, as JSON and as multipart, and as a field's name: any answer but a 5xx (a
    // comment may say "constructor"), never a lookup that finds the object's machinery.
    for (const name of OBJECT_KEYS) {
      for (const field of [...strings, ...RECORD_KEYS]) {
        out.push({ label: `body.${field}=${name}`, options: { method, url, payload: { ...baseBody, [field]: name } }, anyAnswerBut5xx: true });
        const form = multipart({ ...plainFields(baseBody), signup_id: applicant.id, [field]: name }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
        out.push({ label: `multipart ${field}=${name}`, options: { method, url, headers: form.headers, payload: form.payload }, anyAnswerBut5xx: true, carriesFile: true });
      }
      const keyed = multipart({ signup_id: applicant.id, [name]: 'x' }, []);
      out.push({ label: `multipart field named ${name}`, options: { method, url, headers: keyed.headers, payload: keyed.payload }, anyAnswerBut5xx: true });
      out.push({ label: `body field named ${name}`, options: { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...baseBody, [name]: 'x' }) }, anyAnswerBut5xx: true });
    }
    for (const [field, sub] of Object.entries<Schema>(schema.body?.properties ?? {})) {
      if (sub.format !== 'date') continue;
      for (const day of EDGE_DATES) out.push({ label: `body.${field}=${day}`, options: { method, url, payload: { ...baseBody, [field]: day } }, anyAnswerBut5xx: !day.startsWith('0000') });
    }
    out.push({ label: 'body with 5,000 unknown fields', options: { method, url, payload: { ...baseBody, ...MANY_FIELDS } }, tooMany: true });
    // A route without a body schema may ignore a field it does not read: there, anything but a 5xx will do.
    const ignorable = !schema.body;
    for (const field of integers) {
      for (const n of OUT_OF_RANGE) out.push({ label: `body.${field}=${n}`, options: { method, url, payload: { ...baseBody, [field]: n } }, anyAnswerBut5xx: ignorable });
      out.push({ label: `body.${field}="${BIG}"`, options: { method, url, payload: { ...baseBody, [field]: String(BIG) } }, anyAnswerBut5xx: ignorable || !!schema.body?.properties?.[field]?.type?.includes?.('string') });
      out.push({ label: `body.${field}=1e400`, options: { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...baseBody, [field]: 0 }).replace(`"${field}":0`, `"${field}":1e400`) }, anyAnswerBut5xx: ignorable });
    }
    out.push({ label: 'body key with NUL', options: { method, url, payload: { ...baseBody, 'a\u0000b': 'x' } } });
    const json = { 'content-type': 'application/json' };
    out.push({ label: 'raw body with an escaped NUL', options: { method, url, headers: json, payload: '{"a":"\\u0000"}' } });
    for (const raw of ['null', '[]', '"text"', '123', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"signup_id": {"$gt": ""}}']) {
      out.push({ label: `raw body ${raw.slice(0, 20)}`, options: { method, url, headers: json, payload: raw }, anyAnswerBut5xx: ignorable });
    }

    // Multipart: no boundary; cut off mid-file; a boundary that never comes; NUL in a field and in a file name.
    const good = multipart({ signup_id: applicant.id, note: 'x' }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF(4096) }]);
    const cut = good.payload.subarray(0, good.payload.length - 2000);
    const withNul = multipart({ signup_id: applicant.id, address_line_1: NUL_TEXT }, []);
    const withBell = multipart({ signup_id: applicant.id, address_line_1: NOT_ALLOWED.bell }, []);
    const nulName = multipart({ signup_id: applicant.id }, [{ field: 'proof_of_address_files', name: 'bi\u0000ll.pdf', content: PDF() }]);
    const ctlName = multipart({ signup_id: applicant.id }, [{ field: 'proof_of_address_files', name: 'bi\u0007ll.pdf', content: PDF() }]);
    out.push(
      { label: 'multipart without boundary', options: { method, url, headers: { 'content-type': 'multipart/form-data' }, payload: good.payload } },
      { label: 'multipart cut off mid-file', options: { method, url, headers: good.headers, payload: cut } },
      { label: 'multipart with a boundary that never comes', options: { method, url, headers: { 'content-type': 'multipart/form-data; boundary=nothere' }, payload: good.payload } },
      { label: 'multipart with garbage', options: { method, url, headers: good.headers, payload: Buffer.from('\r\n--x\r\ngarbage\r\n\r\n') } },
      { label: 'multipart field with NUL', options: { method, url, headers: withNul.headers, payload: withNul.payload } },
      { label: 'multipart field with a control character', options: { method, url, headers: withBell.headers, payload: withBell.payload } },
      { label: 'multipart file name with NUL', options: { method, url, headers: nulName.headers, payload: nulName.payload } },
      { label: 'multipart file name with a control character', options: { method, url, headers: ctlName.headers, payload: ctlName.payload } },
    );
    return out;
  }

  it('knows every route of the app', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/users/login',
        'GET /api/users',
        'PUT /api/users/:id',
        'GET /api/signups/:id/files/:fileId',
        'POST /api/signups/',
        'POST /api/accounts/transfer-to-self',
        'POST /api/accounts/transfer-to-member',
        'GET /api/dev/outbox',
        'POST /api/addresses/',
        'POST /api/onboarding/verify-account',
        'POST /api/device-verifications/verify/',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(35);
  });

  it('walks every route with NUL, unpaired surrogates, control characters, direction overrides, blank required text, out-of-range ids, the calendar\'s ends, thousands of unknown fields, odd bodies and malformed multipart: 4xx only', async () => {
    const before = fs.existsSync(t.app.config.uploadDir) ? fs.readdirSync(t.app.config.uploadDir).length : 0;
    let calls = 0;
    let acceptedFiles = 0;
    for (const route of routes) {
      const callers = await callersFor();
      for (const { label, options, anyAnswerBut5xx, tooMany, carriesFile } of variantsFor(route)) {
        for (const [i, headers] of callers.entries()) {
          const res = await t.call({
            ...options,
            remoteAddress: nextIp(),
            headers: { ...headers, [IDEMPOTENCY_HEADER]: crypto.randomUUID(), ...(options.headers as Record<string, string> | undefined) },
          });
          calls += 1;
          if (carriesFile && res.statusCode < 300) acceptedFiles += 1;
          expectClean4xx(res, `${route.method} ${route.url} ${label} (caller ${i ? 'member' : 'admin'})`, anyAnswerBut5xx);
          // Refused whole, in one short answer (not a message for each field), once the caller may call the route.
          if (tooMany && res.statusCode === 400) expect(res.body.length, label).toBeLessThan(1000);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    // Nothing a refused upload sent was kept: every file in the folder belongs to a stored step.
    const after = fs.existsSync(t.app.config.uploadDir) ? fs.readdirSync(t.app.config.uploadDir) : [];
    const stored = new Set((await t.db.db.selectFrom('signup_files').select('stored_name').execute()).map((r) => r.stored_name));
    expect(after.filter((name) => !stored.has(name))).toEqual([]);
    if (!acceptedFiles) expect(after.length).toBe(before);
  }, 600_000);

  it('a body that is not JSON (text, multipart) on every route that reads JSON is a 415, after the route\'s own guard', async () => {
    const withBody = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'));
    expect(withBody.length).toBeGreaterThan(20);
    const callers = await callersFor();
    let refused = 0;
    for (const route of withBody) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const form = multipart({ signup_id: applicant.id, note: 'x' }, []);
      for (const [label, headers, payload] of [['text', { 'content-type': 'text/plain' }, '{"signup_id":"x"}'], ['multipart', form.headers, form.payload]] as const) {
        for (const caller of callers) {
          const res = await t.call({ method: route.method as 'POST', url, remoteAddress: nextIp(), headers: { ...caller, [IDEMPOTENCY_HEADER]: crypto.randomUUID(), ...headers }, payload });
          const where = `${route.method} ${route.url} ${label}`;
          // A caller the route turns away is told so first (401, 403, 404 for a path id that is not theirs).
          expect([401, 403, 404, 415], `${where}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 415) {
            refused += 1;
            expect(res.json().message, where).toBe(API_TEXTS.jsonOnly);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(withBody.length);
  });
});

describe.each(dbTargets())('the review\'s bad inputs, each a clear 4xx on $name', (target) => {
  const t = suiteApp(target, { beforeReady: addSessionRoute });
  let admin: Record<string, string>;
  let owner: TestMember;
  let ownerHeaders: Record<string, string>;
  let applicant: Applicant;

  beforeAll(async () => {
    admin = auth(await tokenFor(t.app, 'admin@cu.example'));
    owner = await createMember(t.db.db, [
      { type: 'savings', cents: 100_000 },
      { type: 'savings', cents: 100_000 },
    ]);
    ownerHeaders = await sessionHeaders(t, owner.userId);
    applicant = await createApplicant(t, adultSignup(9201));
  });

  const shape = (res: LightMyRequestResponse) => {
    expect(res.json()).toMatchObject({ status: res.statusCode, message: expect.any(String), detail: expect.any(String), request_id: expect.any(String) });
    return res.json();
  };

  it('a NUL in the sign-in email or password: 400 under the field, no failure counted', async () => {
    for (const payload of [{ email: 'member@cu.example\u0000', password: 'Member!2345' }, { email: 'member@cu.example', password: 'Member!\u00002345' }]) {
      const res = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(shape(res).errors)).toEqual([payload.email.includes('\u0000') ? 'email' : 'password']);
    }
  });

  it('a NUL in a signup field: 400 under that field', async () => {
    const res = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(9202, { first_name: 'Na\u0000dia' }) });
    expect(res.statusCode).toBe(400);
    expect(shape(res).errors).toEqual({ first_name: REQUEST_TEXTS.unstorableField });
  });

  it('control characters, direction overrides and noncharacters in any text: 400 under the field, nothing stored', async () => {
    for (const [name, text] of Object.entries(NOT_ALLOWED)) {
      const res = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), payload: adultSignup(9210, { last_name: text }) });
      expect(res.statusCode, name).toBe(400);
      expect(shape(res).errors, name).toEqual({ last_name: REQUEST_TEXTS.unstorableField });
    }
    const comment = await t.call({ method: 'PUT', url: '/api/signups/comment', headers: admin, payload: { signup_id: applicant.id, comments: 'Looks fine\u202E' } });
    expect(comment.statusCode).toBe(400);
    expect(shape(comment).errors).toEqual({ comments: REQUEST_TEXTS.unstorableField });
    const search = await t.call({ method: 'GET', url: '/api/users?search=%1B%5B2J', headers: admin });
    expect(search.statusCode).toBe(400);
    shape(search);
    // Letters of every script, combining accents and emoji joiners stay allowed.
    const letters = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), payload: adultSignup(9212, { first_name: 'Ame\u0301lie', last_name: 'Haddad حداد' }) });
    expect(letters.statusCode).toBe(201);
    const users = await t.db.db.selectFrom('signups').select('id').where('last_name', 'in', Object.values(NOT_ALLOWED)).execute();
    expect(users).toEqual([]);
  });

  it('text that shows as nothing (spaces, zero-width characters) where a field demands text: 400 as if empty, nothing stored', async () => {
    for (const [name, text] of Object.entries(BLANKS)) {
      const signup = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), payload: adultSignup(9211, { first_name: text }) });
      expect(signup.statusCode, name).toBe(400);
      expect(shape(signup).errors, name).toEqual({ first_name: fieldMessage('onboarding/basic-info', 'first_name', 'minLength') });
      const user = await t.call({ method: 'POST', url: '/api/users', headers: admin, payload: validUserBody({ email: 'blank.name@example.com', mobile: '+18685550778', last_name: text }) });
      expect(user.statusCode, name).toBe(400);
      expect(Object.keys(shape(user).errors), name).toEqual(['last_name']);
      const comment = await t.call({ method: 'PUT', url: '/api/signups/comment', headers: admin, payload: { signup_id: applicant.id, comments: text } });
      expect(comment.statusCode, name).toBe(400);
      expect(shape(comment).errors, name).toEqual({ comments: ADMIN_TEXTS.commentRequired });
      const step = await t.call({ method: 'POST', url: '/api/peps', headers: applicant.headers, payload: pepBody(applicant, { is_pep: true, is_close_associate: false, job_title: text }) });
      expect(step.statusCode, name).toBe(400);
      expect(Object.keys(shape(step).errors), name).toEqual(['job_title']);
    }
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', 'blank.name@example.com').execute()).toEqual([]);
    const steps = await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).execute();
    expect(steps.map((s) => s.step)).not.toContain('politically-exposed-persons');
  });

  it('a line break in a field drawn on one line: 400 under the field, nothing stored; a field drawn as a textarea keeps its lines', async () => {
    for (const [name, text] of Object.entries(LINE_BREAKS)) {
      const signup = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), payload: adultSignup(9213, { first_name: text }) });
      expect(signup.statusCode, name).toBe(400);
      expect(shape(signup).errors, name).toEqual({ first_name: REQUEST_TEXTS.oneLine });
      // With the form's other messages: a line break does not hide a future birth date.
      const user = await t.call({ method: 'POST', url: '/api/users', headers: admin, payload: validUserBody({ email: 'two.lines@example.com', mobile: '+18685550779', last_name: text, dob: '2999-01-01' }) });
      expect(user.statusCode, name).toBe(400);
      expect(shape(user).errors, name).toEqual({ last_name: REQUEST_TEXTS.oneLine, dob: fieldMessage('admin/user', 'dob', 'notAfterToday') });
      const step = await t.call({ method: 'POST', url: '/api/peps', headers: applicant.headers, payload: pepBody(applicant, { is_pep: true, is_close_associate: false, job_title: `Minister${text}` }) });
      expect(step.statusCode, name).toBe(400);
      expect(shape(step).errors, name).toEqual({ job_title: REQUEST_TEXTS.oneLine });
    }
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', 'two.lines@example.com').execute()).toEqual([]);
    // A password is what the password policy allows (a line separator is not among its refusals): a user may hold
    // one, and signs in with it.
    const password = 'Str0ng!Pass\u2028x';
    const created = await t.call({ method: 'POST', url: '/api/users', headers: admin, payload: validUserBody({ email: 'separator.password@example.com', mobile: '+18685550781', password, verify_password: password }) });
    expect(created.statusCode, created.body).toBe(201);
    const signIn = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: 'separator.password@example.com', password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const steps = await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).execute();
    expect(steps.map((s) => s.step)).not.toContain('politically-exposed-persons');
    // A transfer's instructions are a textarea (forms/member/*.ui.json): the lines pass the guard, and the transfer is
    // judged on its merits (more than the balance here, so nothing moves).
    const [a, b] = owner.accounts;
    const transfer = await t.call({
      method: 'POST',
      url: '/api/accounts/transfer-to-self',
      headers: { ...ownerHeaders, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      payload: { source_id: a.id, source_account: a.number, destination_id: b.id, destination_account: b.number, amount: 5_000, instructions: 'Rent\nfor December' },
    });
    expect(transfer.statusCode).toBe(422);
    expect(shape(transfer).message).toMatch(/^Insufficient funds/);
    // An administrator's comment is written in a multi-line box: its lines are kept.
    const submitted = await insertSubmittedSignup(t.db.db, { email: 'two.lines.applicant@example.com', mobile: '+18685550780' });
    const comment = await t.call({ method: 'PUT', url: '/api/signups/comment', headers: admin, payload: { signup_id: submitted, comments: 'Checked the ID.\nWaiting for the bill.' } });
    expect(comment.statusCode, comment.body).toBe(200);
  });

  it('ids and page numbers written other than as plain digits ("1e0", "0x1", "+1", "01"): 400 under the field, never another record', async () => {
    for (const id of ['1e0', '0x1', '+1', '01', '%201', '1.0']) {
      for (const [method, url] of [['GET', `/api/users/${id}`], ['DELETE', `/api/users/${id}/soft`]] as const) {
        const res = await t.call({ method, url, headers: admin });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(shape(res).errors, `${method} ${url}`).toEqual({ id: REQUEST_TEXTS.wholeNumber });
      }
    }
    for (const q of ['page=1e1', 'page=0x2', 'page=%2B2', 'page=1&page=0x2']) {
      const res = await t.call({ method: 'GET', url: `/api/users?${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
      expect(shape(res).errors, q).toEqual({ page: REQUEST_TEXTS.wholeNumber });
    }
    expect((await t.call({ method: 'GET', url: '/api/users/1', headers: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users?page=2', headers: admin })).statusCode).toBe(200);
  });

  it('a query field of one value sent twice (page=1&page=2, signup_id twice): 400 under the field saying so, not "must be integer"', async () => {
    for (const url of ['/api/users?page=1&page=2', '/api/signups?search=a&search=b', '/api/accounts/transactions?page_size=5&page_size=5', `/api/onboarding/draft?signup_id=${applicant.id}&signup_id=${applicant.id}`]) {
      const field = new URL(url, 'http://x').searchParams.keys().next().value as string;
      const res = await t.call({ method: 'GET', url, headers: url.includes('accounts') ? ownerHeaders : url.includes('onboarding') ? applicant.headers : admin, remoteAddress: applicant.address });
      expect(res.statusCode, url).toBe(400);
      expect(shape(res).errors, url).toEqual({ [field]: ONBOARDING_TEXTS.repeatedField });
    }
  });

  it("a route schema's keyword without a message of its own is said in words, never in the validator's English (\"must be >= 1\")", async () => {
    const words = (limit: number, text: string) => fillText(text, { limit: String(limit) });
    const send = (payload: object) => t.call({ method: 'POST', url: '/api/device-verifications/send/', payload, remoteAddress: nextIp() });
    const verify = (payload: object) => t.call({ method: 'POST', url: '/api/device-verifications/verify/', payload, remoteAddress: nextIp() });
    const cases: Array<[string, Promise<LightMyRequestResponse>, Record<string, string>]> = [
      ['page 0', t.call({ method: 'GET', url: '/api/accounts/transactions?page=0', headers: ownerHeaders }), { page: words(1, REQUEST_TEXTS.atLeast) }],
      ['page size 101', t.call({ method: 'GET', url: '/api/accounts/transactions?page_size=101', headers: ownerHeaders }), { page_size: words(100, REQUEST_TEXTS.atMost) }],
      ['a search too long', t.call({ method: 'GET', url: `/api/users?search=${'a'.repeat(101)}`, headers: admin }), { search: words(100, REQUEST_TEXTS.tooLong) }],
      ['an unknown status', t.call({ method: 'GET', url: '/api/users?status=sleeping', headers: admin }), { status: REQUEST_TEXTS.notListed }],
      ['an unknown identifier type', send({ identifier_type: 'fax', operation: 'signup', signup_id: 'x' }), { identifier_type: REQUEST_TEXTS.notListed }],
      ['no operation', send({ identifier_type: 'mobile' }), { operation: REQUEST_TEXTS.blankField }],
      ['a signup id as a number', send({ identifier_type: 'mobile', operation: 'signup', signup_id: 12 }), { signup_id: REQUEST_TEXTS.notText }],
      ['an empty code', verify({ identifier_type: 'mobile', operation: 'signup', signup_id: 'x', code: '' }), { code: REQUEST_TEXTS.blankField }],
      ['a code too long', verify({ identifier_type: 'mobile', operation: 'signup', signup_id: 'x', code: '12345678901' }), { code: words(10, REQUEST_TEXTS.tooLong) }],
      // Keywords that had no words: `type: 'null'` said "must be null", `maxProperties` "must NOT have more than 50 properties".
      ['a reset call with a signup id', t.call({ method: 'POST', url: '/api/password/reset/send', remoteAddress: nextIp(), payload: { email: 'member@cu.example', signup_id: 'x' } }), { signup_id: REQUEST_TEXTS.notNull }],
      [
        'a funnel event with 51 facts',
        t.call({ method: 'POST', url: '/api/funnel/events', remoteAddress: nextIp(), payload: { visit: 'visit-0001', step: 'basic-info', event: 'entered', facts: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, true])) } }),
        { facts: words(50, REQUEST_TEXTS.tooManyItems) },
      ],
    ];
    for (const [name, call, errors] of cases) {
      const res = await call;
      expect(res.statusCode, name).toBe(400);
      expect(shape(res).errors, name).toEqual(errors);
    }
  });

  it('a body that is not a JSON object: 400 saying so, on routes with and without a form', async () => {
    for (const url of ['/api/device-verifications/send/', '/api/password/reset/send', '/api/funnel/events', '/api/onboarding/resume/send', '/api/peps']) {
      for (const raw of ['null', '[]', '"text"', '42']) {
        const res = await t.call({ method: 'POST', url, remoteAddress: nextIp(), headers: { ...applicant.headers, 'content-type': 'application/json' }, payload: raw });
        expect(res.statusCode, `${url} ${raw}`).toBe(400);
        expect(shape(res).message, `${url} ${raw}`).toBe(API_TEXTS.bodyNotObject);
      }
    }
  });

  it('a NUL in the admin list searches and the outbox filter: 400', async () => {
    for (const url of ['/api/users?search=%00', '/api/signups?search=a%00b', '/api/dev/outbox?recipient=%00', '/api/dev/outbox?purpose=x%00']) {
      const res = await t.call({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      shape(res);
    }
  });

  it('transfer ids beyond the integer range in an otherwise valid transfer: 400 under the field, nothing moved', async () => {
    const [a, b] = owner.accounts;
    const self = { source_id: a.id, source_account: a.number, destination_id: b.id, destination_account: b.number, amount: 1 };
    const member = { source_id: a.id, source_account: a.number, destination_product: 'SAV', destination_account: '10000000201', amount: 1, code: '123456' };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/accounts/transfer-to-self', { ...self, source_id: 99_999_999_999 }, 'source_id'],
      ['/api/accounts/transfer-to-self', { ...self, destination_id: 2_147_483_648 }, 'destination_id'],
      ['/api/accounts/transfer-to-member', { ...member, source_id: 99_999_999_999 }, 'source_id'],
      ['/api/accounts/transfer-to-member/code', { ...member, code: undefined, source_id: 99_999_999_999 }, 'source_id'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await t.call({ method: 'POST', url, headers: { ...ownerHeaders, [IDEMPOTENCY_HEADER]: crypto.randomUUID() }, payload });
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(Object.keys(shape(res).errors)).toEqual([field]);
    }
    const infinite = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', headers: { ...ownerHeaders, [IDEMPOTENCY_HEADER]: crypto.randomUUID(), 'content-type': 'application/json' }, payload: JSON.stringify(self).replace('"amount":1', '"amount":1e400') });
    expect(infinite.statusCode).toBe(400);
    expect(shape(infinite).errors).toEqual({ amount: fieldMessage('member/transfer-to-self', 'amount', 'type') });
    const transfers = await t.db.db.selectFrom('transfers').select('id').where('user_id', '=', owner.userId).execute();
    expect(transfers).toEqual([]);
  });

  it('user and signup ids beyond range or with NUL, in paths and bodies: 400', async () => {
    for (const [method, url] of [['GET', '/api/users/99999999999'], ['PUT', '/api/users/2147483648'], ['DELETE', '/api/users/-99999999999/soft'], ['GET', '/api/signups/%00'], ['GET', '/api/signups/a%00b/files/1']] as const) {
      const res = await t.call({ method, url, headers: admin, payload: method === 'PUT' ? { is_blocked: true } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      shape(res);
    }
    for (const url of ['/api/signups/approve', '/api/signups/reject']) {
      const res = await t.call({ method: 'PUT', url, headers: admin, payload: { signup_id: 'a\u0000b' } });
      expect(res.statusCode).toBe(400);
      expect(shape(res).errors).toEqual({ signup_id: REQUEST_TEXTS.unstorableField });
    }
    for (const user_id of [99_999_999_999, '99999999999', '2147483648']) {
      const res = await t.call({ method: 'POST', url: '/api/device-verifications/send/', remoteAddress: nextIp(), payload: { identifier_type: 'mobile', operation: 'sign_in', user_id } });
      expect(res.statusCode, String(user_id)).toBe(400);
      expect(Object.keys(shape(res).errors)).toEqual(['user_id']);
    }
  });

  it('a query string whose %-escapes are not UTF-8 is a 400, as in the path', async () => {
    for (const search of ['%E0%A4%A', '%C0%AF', '%ED%A0%80', 'a%', '%zz']) {
      const res = await t.call({ method: 'GET', url: `/api/signups?search=${search}`, headers: admin });
      expect(res.statusCode, search).toBe(400);
      expect(shape(res).message, search).toBe(API_TEXTS.malformedQuery);
    }
    const fine = await t.call({ method: 'GET', url: `/api/signups?search=${encodeURIComponent('Renée O+Brien')}`, headers: admin });
    expect(fine.statusCode).toBe(200);
  });

  it('a body over the 1 MiB limit is a 413 and an unsupported content type a 415, in the one error shape', async () => {
    const big = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }) });
    expect(big.statusCode).toBe(413);
    expect(shape(big).message).toBe(API_TEXTS.tooLarge);
    const xml = await t.call({ method: 'POST', url: '/api/users', headers: { ...admin, 'content-type': 'application/xml' }, payload: '<user/>' });
    expect(xml.statusCode).toBe(415);
    expect(shape(xml).message).toBe(API_TEXTS.jsonOnly);
  });

  it('a body not in UTF-8: a Latin-1 name is a 400 under the field, a charset other than UTF-8 a 415; nothing stored', async () => {
    const body = JSON.stringify(adultSignup(9230, { first_name: 'Ren#e' }));
    const latin1 = Buffer.from(body, 'latin1');
    latin1[latin1.indexOf('#')] = 0xe9;
    const bytes = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': 'application/json' }, payload: latin1 });
    expect(bytes.statusCode).toBe(400);
    expect(shape(bytes).errors).toEqual({ first_name: REQUEST_TEXTS.unstorableField });
    for (const type of ['application/json; charset=latin1', 'application/json; charset=ISO-8859-1', 'application/json;charset="utf-16"']) {
      const named = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': type }, payload: latin1 });
      expect(named.statusCode, type).toBe(415);
      expect(shape(named).message, type).toBe(API_TEXTS.charset);
    }
    const transfer = await t.call({
      method: 'POST',
      url: '/api/accounts/transfer-to-self',
      headers: { ...ownerHeaders, 'content-type': 'application/json; charset=latin1', [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      payload: JSON.stringify({ source_id: owner.accounts[0].id, source_account: owner.accounts[0].number, destination_id: owner.accounts[1].id, destination_account: owner.accounts[1].number, amount: 1, instructions: 'café' }),
    });
    expect(transfer.statusCode).toBe(415);
    expect(await t.db.db.selectFrom('signups').select('id').where('email', '=', String(adultSignup(9230).email)).execute()).toEqual([]);
    // UTF-8, said or not, is read as such.
    const utf8 = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': 'application/json; charset=UTF-8' }, payload: JSON.stringify(adultSignup(9231, { first_name: 'Renée' })) });
    expect(utf8.statusCode, utf8.body).toBe(201);
  });

  it('a body in a content encoding (gzip) is a 415, a transfer coding other than chunked a 400: read as plain text, it was taken as sent', async () => {
    const body = JSON.stringify(adultSignup(9232));
    for (const encoding of ['gzip', 'br', 'deflate, gzip']) {
      const res = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': 'application/json', 'content-encoding': encoding }, payload: body });
      expect(res.statusCode, encoding).toBe(415);
      expect(shape(res).message).toBe(API_TEXTS.encodedBody);
    }
    const coded = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': 'application/json', 'transfer-encoding': 'gzip, chunked' }, payload: body });
    expect(coded.statusCode).toBe(400);
    expect(shape(coded).message).toBe(API_TEXTS.transferCoding);
    expect(await t.db.db.selectFrom('signups').select('id').where('email', '=', String(adultSignup(9232).email)).execute()).toEqual([]);
    const identity = await t.call({ method: 'POST', url: '/api/signups/', remoteAddress: nextIp(), headers: { 'content-type': 'application/json', 'content-encoding': 'identity' }, payload: body });
    expect(identity.statusCode, identity.body).toBe(201);
  });

  it('a date the form accepts but the database cannot hold (year 0): 400, not a 500', async () => {
    const user = await t.call({ method: 'POST', url: '/api/users', headers: admin, payload: validUserBody({ email: 'year.zero@example.com', mobile: '+18685550777', dob: '0000-02-29' }) });
    expect(user.statusCode).toBe(400);
    shape(user);
    const signup = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(9203, { dob: '0000-01-01' }) });
    expect(signup.statusCode).toBeGreaterThanOrEqual(400);
    expect(signup.statusCode).toBeLessThan(500);
    shape(signup);
  });

  it('NUL and unpaired surrogates in onboarding steps: 400, nothing stored', async () => {
    const peps = await t.call({ method: 'POST', url: '/api/peps', headers: applicant.headers, payload: { signup_id: 'a\u0000' } });
    expect(peps.statusCode).toBe(400);
    const surrogate = await t.call({ method: 'POST', url: '/api/membership-declarations/', headers: applicant.headers, payload: { signup_id: applicant.id, note: 'x\ud800' } });
    expect(surrogate.statusCode).toBe(400);
    expect(shape(surrogate).errors).toEqual({ note: REQUEST_TEXTS.unstorableField });
    const steps = await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).execute();
    expect(steps.map((s) => s.step)).toEqual(['basic-info']);
  });

  it('malformed multipart (no boundary, cut off mid-file, NUL in a field, a field twice): 400, no file kept', async () => {
    const stored = () => (fs.existsSync(t.app.config.uploadDir) ? fs.readdirSync(t.app.config.uploadDir).length : 0);
    const before = stored();
    const fields = { signup_id: applicant.id, address_type: 'residential', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT', dwelling_status: 'Owned', utility_bill_type: 'Electricity' };
    const good = multipart(fields, [{ field: 'proof_of_address_files', name: 'T&TEC-bill-october.pdf', content: PDF(64 * 1024) }]);
    const noBoundary = await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, 'content-type': 'multipart/form-data' }, payload: good.payload });
    expect(noBoundary.statusCode).toBe(400);
    expect(shape(noBoundary).message).toBe(ONBOARDING_TEXTS.unreadableUpload);
    const cut = await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, ...good.headers }, payload: good.payload.subarray(0, 40 * 1024) });
    expect(cut.statusCode).toBe(400);
    expect(shape(cut).message).toBe(ONBOARDING_TEXTS.unreadableUpload);
    const nul = multipart({ ...fields, city: 'Port\u0000of Spain' }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    const withNul = await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, ...nul.headers }, payload: nul.payload });
    expect(withNul.statusCode).toBe(400);
    expect(shape(withNul).errors).toEqual({ city: REQUEST_TEXTS.unstorableField });
    // A one-value field sent twice is refused, not silently the last one.
    const twice = multipart({ ...fields, city: ['Port of Spain', 'San Fernando'] }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    const repeated = await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, ...twice.headers }, payload: twice.payload });
    expect(repeated.statusCode).toBe(400);
    expect(shape(repeated).errors).toEqual({ city: ONBOARDING_TEXTS.repeatedField });
    expect(stored()).toBe(before);
    // The same upload, whole, is accepted.
    expect((await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, ...good.headers }, payload: good.payload })).statusCode).toBe(201);
  });
});

describe.each(dbTargets())('a route whose schema accepts integers beyond the database range does not register, on $name', (target) => {
  it('building the app fails loudly, naming the route and the field', async () => {
    const db = await target.open();
    let refusal: unknown;
    const t = await createTestApp(db, {
      beforeReady(app) {
        try {
          app.get('/api/test-only/loose/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } } }, async () => ({}));
        } catch (error) {
          refusal = error;
        }
      },
    });
    await t.close();
    await db.close();
    expect(String(refusal)).toContain('GET /api/test-only/loose/:id: the params schema accepts integers beyond the database range at /properties/id');
  });
});
