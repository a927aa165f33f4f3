import fs from 'node:fs';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { adultSignup, createApplicant, JPEG, multipart, PDF, PNG, SVG, type Applicant } from './onboarding-helpers';
import { fillText } from '../../../src/shared/fill-text';
import { MAX_FIELD_BYTES, MAX_FILE_NAME_LENGTH } from '../../../src/server/routes/onboarding/uploads';
import { stepRequest } from '../../helpers/journey-bodies';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { fieldMessage, unknownFieldMessage } from '../../helpers/form-messages';

const MIB = 1024 * 1024;
/** The residential address step's answers as the wizard sends them (the QA journey's: a field an analyst adds is there). */
const ADDRESS = stepRequest('address').body;
const ADDRESS_FORM = 'onboarding/address';
/** The address form's own words for a refused document (tests read them from the form, as the server does). */
const fileMessage = (keyword: string) => fieldMessage('onboarding/address', 'proof_of_address_files', keyword);
const TYPE_MESSAGE = fileMessage('fileTypes');

describe.each(dbTargets())('onboarding uploads on $name', (target) => {
  let n = 0;

  const t = suiteApp(target);

  const storedFiles = () => (fs.existsSync(t.app.config.uploadDir) ? fs.readdirSync(t.app.config.uploadDir) : []);
  async function upload(applicant: Applicant, url: string, fields: Record<string, unknown>, files: Array<{ field: string; name: string; content: Buffer }>) {
    const form = multipart({ signup_id: applicant.id, ...fields }, files);
    return t.call({ method: 'POST', url, payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
  }
  const address = async (files: Array<{ field: string; name: string; content: Buffer }>) => upload(await createApplicant(t, adultSignup(++n)), '/api/addresses/', ADDRESS, files);

  it('stores accepted files under random names with their SHA-256, outside anything served', async () => {
    const before = storedFiles().length;
    const res = await address([{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF(2048) }]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.db.selectFrom('signup_files').selectAll().where('original_name', '=', 'bill.pdf').execute();
    const row = rows[rows.length - 1];
    expect(row.stored_name).toMatch(/^[0-9a-f]{48}$/);
    expect(row.content_type).toBe('application/pdf');
    expect(row.size_bytes).toBe(2048);
    const crypto = await import('node:crypto');
    expect(row.sha256).toBe(crypto.createHash('sha256').update(PDF(2048)).digest('hex'));
    expect(storedFiles().length).toBe(before + 1);
    for (const url of [`/uploads/${row.stored_name}`, `/api/uploads/${row.stored_name}`, `/data/uploads/${row.stored_name}`]) {
      const get = await t.call({ method: 'GET', url });
      expect(get.statusCode).toBe(404);
      expect(get.body).not.toContain('%PDF');
    }
  });

  it('accepts a file of exactly 20 MiB and answers 413 to one byte more, keeping nothing', async () => {
    expect((await address([{ field: 'proof_of_address_files', name: 'big.pdf', content: PDF(20 * MIB) }])).statusCode).toBe(201);
    const before = storedFiles().length;
    const res = await address([{ field: 'proof_of_address_files', name: 'big.pdf', content: PDF(20 * MIB + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.proof_of_address_files).toBe(`big.pdf: ${fileMessage('maxFileSize')}`);
    expect(storedFiles().length).toBe(before);
  });

  it('holds guardian documents to 5 MiB with their own message', async () => {
    const minor = await createApplicant(t, adultSignup(++n, { dob: '2012-01-01', marital_status: 'Single', is_home_schooled: true }));
    const guardian = stepRequest('parent-guardian-information').body;
    expect((await upload(minor, '/api/guardians/', guardian, [{ field: 'guardian_files', name: 'id.png', content: PNG(5 * MIB) }])).statusCode).toBe(201);
    const res = await upload(minor, '/api/guardians/', guardian, [{ field: 'guardian_files', name: 'id.png', content: PNG(5 * MIB + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.guardian_files).toBe(`id.png: ${fieldMessage('onboarding/parent-guardian-information', 'guardian_files', 'maxFileSize')}`);
  });

  it('refuses more files than the schema allows (5 proofs of address, 3 per adult ID)', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ field: 'proof_of_address_files', name: `b${i}.pdf`, content: PDF() }));
    const res = await address(six);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(fileMessage('maxItems'));
    const applicant = await createApplicant(t, adultSignup(++n));
    const id = { holder_type: 'adult', primary_id_type: 'national_id', primary_id_number: '19920314001', primary_id_expiry_date: '2035-01-31', secondary_id_type: 'passport', secondary_id_number: 'TA123456', secondary_id_expiry_date: '2035-01-31' };
    const four = Array.from({ length: 4 }, (_, i) => ({ field: 'primary_id_files', name: `id${i}.jpg`, content: JPEG() }));
    const ids = await upload(applicant, '/api/identifications/', id, [...four, { field: 'secondary_id_files', name: 'p.pdf', content: PDF() }]);
    expect(ids.statusCode).toBe(400);
    expect(ids.json().errors.primary_id_files).toBe(fieldMessage('onboarding/id-information', 'primary_id_files', 'maxItems'));
  });

  it("holds files on an endpoint two steps share to the limit and words of the step the body names, not the other step's", async () => {
    // POST /identifications/ serves the child's ID step and the adult's, told apart by holder_type; their forms allow
    // different numbers of files. Over both limits, an adult was told the child's "up to 5" while the form allows 3.
    const call = stepRequest('id-information');
    const limitOf = (formId: string) => t.app.forms.schemaOf(formId).properties.primary_id_files.maxItems as number;
    const tooMany = Math.max(limitOf('onboarding/id-information'), limitOf('onboarding/child-id-information')) + 1;
    const files = Array.from({ length: tooMany }, (_, i) => ({ field: 'primary_id_files', name: `id${i}.pdf`, content: PDF() }));
    const adultMessage = fieldMessage('onboarding/id-information', 'primary_id_files', 'maxItems');
    const before = storedFiles().length;
    const res = await upload(await createApplicant(t, adultSignup(++n)), call.url, call.body, [...files, ...call.files.filter((f) => f.field !== 'primary_id_files')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.primary_id_files).toBe(adultMessage);
    expect(storedFiles().length).toBe(before);
    // The files before the field that names the step: held to the stricter of the two, in that form's words.
    const applicant = await createApplicant(t, adultSignup(++n));
    const form = multipart({}, files);
    const fields = multipart({ signup_id: applicant.id, ...call.body }, []);
    const boundaryOf = (type: string) => type.split('boundary=')[1];
    const filesFirst = Buffer.concat([
      form.payload.subarray(0, form.payload.lastIndexOf(`--${boundaryOf(form.headers['content-type'])}--`)),
      Buffer.from(fields.payload.toString('latin1').replaceAll(boundaryOf(fields.headers['content-type']), boundaryOf(form.headers['content-type'])), 'latin1'),
    ]);
    const reversed = await t.call({ method: 'POST', url: call.url, payload: filesFirst, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
    expect(reversed.statusCode).toBe(400);
    const strictest = limitOf('onboarding/id-information') <= limitOf('onboarding/child-id-information') ? 'onboarding/id-information' : 'onboarding/child-id-information';
    expect(reversed.json().errors.primary_id_files).toBe(fieldMessage(strictest, 'primary_id_files', 'maxItems'));
    expect(storedFiles().length).toBe(before);
  });

  it.each([
    ['an SVG renamed .png', 'logo.png', SVG],
    ['a text file named .pdf', 'notes.pdf', Buffer.from('just some text, not a PDF')],
    ['a PNG named .pdf', 'bill.pdf', PNG()],
    ['an executable', 'run.exe', Buffer.from('MZ')],
    ['a name without an extension', 'bill', PDF()],
  ])('refuses %s with the type message naming the file, and keeps nothing', async (_label, name, content) => {
    const before = storedFiles().length;
    const res = await address([{ field: 'proof_of_address_files', name, content }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(`${name}: ${TYPE_MESSAGE}`);
    expect(storedFiles().length).toBe(before);
  });

  it('names the one file refused among several, and says an empty file is empty', async () => {
    const mixed = await address([{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }, { field: 'proof_of_address_files', name: 'notes.pdf', content: Buffer.from('just text') }]);
    expect(mixed.json().errors.proof_of_address_files).toBe(`notes.pdf: ${TYPE_MESSAGE}`);
    const empty = await address([{ field: 'proof_of_address_files', name: 'empty.pdf', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.proof_of_address_files).toBe(`empty.pdf: ${ONBOARDING_TEXTS.emptyFile}`);
  });

  it.each([
    ['a null-byte trick', 'x.php%00.jpg'],
    ['a real NUL in the name', 'x.php\u0000.jpg'],
    ['another control character', 'bill\u0007.pdf'],
    ['a path', '../../x'],
    ['a path with an allowed extension', '../../etc/x.pdf'],
    ['a Windows path', 'C:\\Users\\x.pdf'],
    ['a right-to-left override disguising the extension', 'bill\u202Efdp.exe.pdf'],
    ['only dots', '..'],
  ])('refuses %s with the file-name message (not the type message) and keeps nothing', async (_label, name) => {
    const before = storedFiles().length;
    const res = await address([{ field: 'proof_of_address_files', name, content: PDF() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(ONBOARDING_TEXTS.fileName);
    expect(storedFiles().length).toBe(before);
  });

  it('says a file name is too long when it is (not that it has slashes or control characters)', async () => {
    const res = await address([{ field: 'proof_of_address_files', name: `${'b'.repeat(300)}.pdf`, content: PDF() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(fillText(ONBOARDING_TEXTS.fileNameLength, { max: MAX_FILE_NAME_LENGTH }));
    expect((await address([{ field: 'proof_of_address_files', name: `${'b'.repeat(251)}.pdf`, content: PDF() }])).statusCode).toBe(201);
  });

  it.each(['T&TEC-bill-october.pdf', 'bill #4.pdf', 'bill+copy.pdf', 'bill [october].pdf', 'bill;1.pdf', 'Façade — relevé (2).PDF', '50% off.pdf', "O'Brien's bill.pdf"])(
    'accepts a real PDF named %s and keeps the name as sent',
    async (name) => {
      const res = await address([{ field: 'proof_of_address_files', name, content: PDF() }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().files).toEqual([expect.objectContaining({ field: 'proof_of_address_files', name })]);
      const row = await t.db.db.selectFrom('signup_files').select(['original_name', 'stored_name']).where('original_name', '=', name).executeTakeFirstOrThrow();
      expect(row.stored_name).toMatch(/^[0-9a-f]{48}$/);
    },
  );

  it.each([
    ['an object', '{"line":"1 Main Street"}'],
    ['a list', '["1 Main Street","Apt 2"]'],
    ['a number too large for a number', '1e400'],
    ['null', 'null'],
    ['a quoted string', '"1 Main Street"'],
  ])('refuses a text field sent as JSON (%s) under the field, storing nothing', async (_label, json) => {
    // The multipart reader parses a part whose Content-Type is application/json: an object reached the address form as
    // the text "[object Object]", a list as "x,y", 1e400 as "Infinity", null as "null", and was stored.
    const applicant = await createApplicant(t, adultSignup(++n));
    const textFields = Object.keys(ADDRESS).filter((field) => typeof ADDRESS[field] === 'string');
    const before = storedFiles().length;
    for (const field of textFields) {
      const form = multipart({ signup_id: applicant.id, ...ADDRESS, [field]: '@@json@@' }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
      const asJson = form.payload.toString('latin1').replace(`name="${field}"\r\n\r\n@@json@@`, `name="${field}"\r\nContent-Type: application/json\r\n\r\n${json}`);
      const res = await t.call({ method: 'POST', url: '/api/addresses/', payload: Buffer.from(asJson, 'latin1'), headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toEqual({ [field]: REQUEST_TEXTS.notText });
    }
    expect(storedFiles().length).toBe(before);
    expect(await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).where('step', '=', 'address').execute()).toEqual([]);
    // The same field as a plain text part, with or without a charset, is read as typed.
    const plain = multipart({ signup_id: applicant.id, ...ADDRESS }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    const withCharset = plain.payload.toString('latin1').replace(`name="${textFields[0]}"\r\n\r\n`, `name="${textFields[0]}"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n`);
    const res = await t.call({ method: 'POST', url: '/api/addresses/', payload: Buffer.from(withCharset, 'latin1'), headers: { ...applicant.headers, ...plain.headers }, remoteAddress: applicant.address });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()[textFields[0]]).toBe(ADDRESS[textFields[0]]);
  });

  // Past the reader's field size (MAX_FIELD_BYTES) a text part arrived cut short and was checked as the shorter text:
  // a list field was told its (cut) answer was not one of its values, a text field was stored cut.
  it('refuses a text field longer than a multipart body carries as too long, in the field\'s own words when it has a limit', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const textFields = Object.keys(ADDRESS).filter((field) => typeof ADDRESS[field] === 'string');
    const schema = t.app.forms.schemaOf(ADDRESS_FORM);
    for (const field of textFields) {
      const long = `${ADDRESS[field]}${'x'.repeat(MAX_FIELD_BYTES)}`;
      const form = multipart({ signup_id: applicant.id, ...ADDRESS, [field]: long }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
      const res = await t.call({ method: 'POST', url: '/api/addresses/', payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
      expect(res.statusCode, field).toBe(400);
      const property = schema.properties[field];
      const expected = typeof property?.maxLength === 'number' ? fieldMessage(ADDRESS_FORM, field, 'maxLength') : fillText(REQUEST_TEXTS.tooLong, { limit: MAX_FIELD_BYTES });
      expect(res.json().errors, field).toEqual({ [field]: expected });
    }
    expect(await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).where('step', '=', 'address').execute()).toEqual([]);
  });

  it('refuses a file part under a field that is not a file field of the form', async () => {
    const res = await address([{ field: 'avatar', name: 'me.png', content: PNG() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.avatar).toBe(unknownFieldMessage('avatar'));
  });

  it('refuses documents under a file field the answers hide (mailing proof when it is the residential address), keeping nothing', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    // The journey's mailing step as the wizard sends it: same as residential, so no proof is asked.
    const call = stepRequest('mailing-address', { journey: 'adult-new-local' });
    const before = storedFiles().length;
    const res = await upload(applicant, call.url, call.body, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(REQUEST_TEXTS.hiddenField);
    expect(storedFiles().length).toBe(before);
    expect(await t.db.db.selectFrom('signup_files').select('id').where('signup_id', '=', applicant.id).execute()).toEqual([]);
    expect((await upload(applicant, call.url, call.body, [])).statusCode).toBe(201);
  });

  it('refuses file names sent as text under a file field (nothing would be stored behind them)', async () => {
    const res = await upload(await createApplicant(t, adultSignup(++n)), '/api/addresses/', { ...ADDRESS, proof_of_address_files: 'bill.pdf' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.proof_of_address_files).toBe(fileMessage('minItems'));
    // A document's bytes in a part without a file name reach the server as text: still "upload a file", not a character.
    const binary = await upload(await createApplicant(t, adultSignup(++n)), '/api/addresses/', { ...ADDRESS, proof_of_address_files: PNG().toString('latin1') }, []);
    expect(binary.statusCode).toBe(400);
    expect(binary.json().errors.proof_of_address_files).toBe(fileMessage('minItems'));
  });

  it('answers 404 before storing anything when the token is unknown, and 415 to a JSON body', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const before = storedFiles().length;
    const res = await upload({ ...applicant, headers: { 'x-applicant-token': 'nope' } }, '/api/addresses/', ADDRESS, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    expect(res.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
    const json = await t.call({ method: 'POST', url: '/api/addresses/', headers: applicant.headers, remoteAddress: applicant.address, payload: { signup_id: applicant.id, ...ADDRESS } });
    expect(json.statusCode).toBe(415);
  });

  it('answers every body type but multipart/form-data on a step with documents with the step\'s own 415 message, never "send JSON"', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const form = multipart({ signup_id: applicant.id, ...ADDRESS }, [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF() }]);
    const boundary = form.headers['content-type'].split('boundary=')[1];
    const before = storedFiles().length;
    // Types no parser reads (multipart/mixed, a form-urlencoded or octet-stream body) as well as the ones a parser reads (JSON, text).
    for (const type of ['application/json', 'text/plain', `multipart/mixed; boundary=${boundary}`, 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const payload = type.startsWith('multipart/') ? form.payload : JSON.stringify({ signup_id: applicant.id, ...ADDRESS });
      const res = await t.call({ method: 'POST', url: '/api/addresses/', headers: { ...applicant.headers, 'content-type': type }, remoteAddress: applicant.address, payload });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message, type).toBe(ONBOARDING_TEXTS.notMultipart);
    }
    expect(storedFiles().length).toBe(before);
  });

  it('replaces the files of a step that is sent again', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    await upload(applicant, '/api/addresses/', ADDRESS, [{ field: 'proof_of_address_files', name: 'one.pdf', content: PDF() }, { field: 'proof_of_address_files', name: 'two.pdf', content: PDF() }]);
    const first = await t.db.db.selectFrom('signup_files').select('stored_name').where('signup_id', '=', applicant.id).execute();
    await upload(applicant, '/api/addresses/', ADDRESS, [{ field: 'proof_of_address_files', name: 'three.jpg', content: JPEG() }]);
    const rows = await t.db.db.selectFrom('signup_files').select(['original_name', 'stored_name']).where('signup_id', '=', applicant.id).execute();
    expect(rows.map((r) => r.original_name)).toEqual(['three.jpg']);
    for (const f of first) expect(storedFiles()).not.toContain(f.stored_name);
  });
});
