import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { birthDateForAge } from '../../../src/shared/dates/age';
import { today } from '../../../src/shared/dates/today';
import { adultSignup, createApplicant, multipart } from './onboarding-helpers';
import { auth, tokenFor, validUserBody } from '../admin/admin-helpers';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { STEP_CASES, type StepCase } from './step-bodies';

/**
 * Answers well formed as text that no bank would take: the same classes of field in every form the wizard sends,
 * found by their names in the journeys' bodies (a new form's `dob` or `*_id_number` is covered without an edit).
 * Each is a 400 under its field; real answers of the same kinds go through.
 */
const NAME = /^(first|last|middle|other)_names?$|^associate_name$/;
const DOB = /(^|_)dob$/;
const ID_NUMBER = /id_number$/;
const EXPIRY = /^(.*_)?id_expiry_date$/;

const day = today();
const BAD: Array<{ kind: RegExp; label: string; values: string[] }> = [
  { kind: NAME, label: 'a name of punctuation, digits, emoji or markup', values: ['...', '-', '123', '😀😀', '<b>Ann</b>'] },
  { kind: DOB, label: 'a birth date over 120 years ago', values: [birthDateForAge(121, day), '0001-01-01'] },
  { kind: ID_NUMBER, label: 'an ID number in full-width or Arabic-Indic digits', values: ['１２３４５６７８', '٠١٢٣٤٥٦٧'] },
];

type Body = Record<string, unknown>;
/** Every text field of the body whose name is of `kind`, with the path the server's errors use (`list.0.field`). */
function fieldsOf(body: Body, kind: RegExp): Array<{ path: string; set: (value: unknown) => Body }> {
  const out: Array<{ path: string; set: (value: unknown) => Body }> = [];
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && kind.test(key)) out.push({ path: key, set: (v) => ({ ...body, [key]: v }) });
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object') {
      for (const [field, inner] of Object.entries(value[0] as Body)) {
        if (typeof inner === 'string' && kind.test(field)) out.push({ path: `${key}.0.${field}`, set: (v) => ({ ...body, [key]: [{ ...(value[0] as Body), [field]: v }, ...value.slice(1)] }) });
      }
    }
  }
  return out;
}

describe.each(dbTargets())('plausible answers on $name', (target) => {
  const t = suiteApp(target);
  let n = 7100;

  async function send(c: StepCase, body: Body) {
    const applicant = await createApplicant(t, adultSignup(++n, c.step === 'child-id-information' ? { dob: birthDateForAge(10, day), marital_status: 'Single', school_name: 'Fatima College' } : {}));
    const withId: Body = { signup_id: applicant.id, ...body };
    if (c.encoding === 'json') return t.call({ method: c.method, url: c.url, payload: withId, headers: applicant.headers, remoteAddress: applicant.address });
    const form = multipart(withId, c.files ?? []);
    return t.call({ method: c.method, url: c.url, payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
  }

  for (const { kind, label, values } of BAD) {
    it(`${label}: 400 under the field, in basic info and in every step`, async () => {
      let checked = 0;
      for (const { path, set } of fieldsOf(adultSignup(0), kind)) {
        for (const value of values) {
          const res = await t.call({ method: 'POST', url: '/api/signups/', payload: set(value) as Body, remoteAddress: `10.71.${++n % 250}.1` });
          expect(res.statusCode, `basic-info ${path}=${value}: ${res.body}`).toBe(400);
          expect(Object.keys(res.json().errors ?? {}), `basic-info ${path}=${value}`).toContain(path);
          checked += 1;
        }
      }
      for (const c of STEP_CASES) {
        for (const { path, set } of fieldsOf(c.body, kind)) {
          for (const value of values) {
            const res = await send(c, set(value));
            expect(res.statusCode, `${c.step} ${path}=${value}: ${res.body}`).toBe(400);
            expect(Object.keys(res.json().errors ?? {}), `${c.step} ${path}=${value}`).toContain(path);
            checked += 1;
          }
        }
      }
      expect(checked).toBeGreaterThan(values.length * 2);
    });
  }

  it("a user an administrator creates or edits with a birth date over 120 years ago: 400 under Date of Birth", async () => {
    const headers = auth(await tokenFor(t.app, 'admin@cu.example'));
    const created = await t.call({ method: 'POST', url: '/api/users', headers, payload: validUserBody({ email: 'very.old@example.com', mobile: '+18685550871', dob: birthDateForAge(121, day) }) });
    expect(created.statusCode, created.body).toBe(400);
    const message = resolveForm(readFormsDir(), 'admin/user').schema.properties.dob.errorMessage.maxAgeYears;
    expect(created.json().errors).toEqual({ dob: message });
    const grace = await t.db.db.selectFrom('users').select('id').where('email', '=', 'grace@cu.example').executeTakeFirstOrThrow();
    const edited = await t.call({ method: 'PUT', url: `/api/users/${grace.id}`, headers, payload: { ...validUserBody({ email: 'grace@cu.example', mobile: '+18685550872', dob: '0001-01-01' }), password: undefined } });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().errors?.dob).toBe(message);
  });

  it('an ID (but a birth certificate) expiring more than 20 years ahead: 400 under the expiry date', async () => {
    let checked = 0;
    for (const c of STEP_CASES) {
      for (const { path, set } of fieldsOf(c.body, EXPIRY)) {
        if (c.body[path.replace('_expiry_date', '_type')] === 'birth_certificate') continue;
        for (const value of [birthDateForAge(-21, day), '9999-12-31']) {
          const res = await send(c, set(value));
          expect(res.statusCode, `${c.step} ${path}=${value}: ${res.body}`).toBe(400);
          expect(res.json().errors?.[path], `${c.step} ${path}=${value}`).toMatch(/within 20 years/);
          checked += 1;
        }
        // Twenty years ahead is still a date an ID can have.
        const res = await send(c, set(birthDateForAge(-20, day)));
        expect(res.statusCode, `${c.step} ${path} 20 years ahead: ${res.body}`).toBeLessThan(300);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('real names of many kinds and a 120-year-old go through', async () => {
    for (const [i, first_name] of ["O'Brien-Núñez", 'O’Neil', '김민준', 'Jose\u0301', 'St. John', 'Zoë Ann'].entries()) {
      const res = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(7000 + i, { first_name, last_name: 'Ng' }), remoteAddress: `10.72.${i}.1` });
      expect(res.statusCode, `${first_name}: ${res.body}`).toBe(201);
    }
    const old = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(7010, { dob: birthDateForAge(120, day) }), remoteAddress: '10.72.10.1' });
    expect(old.statusCode, old.body).toBe(201);
  });
});
