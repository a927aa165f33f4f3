import crypto from 'node:crypto';
import fs from 'node:fs';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startS3, type TestS3 } from '../../helpers/s3-server';
import { auth, tokenFor } from '../admin/admin-helpers';
import { adultSignup, createApplicant, multipart, PDF, PNG, type Applicant } from '../onboarding/onboarding-helpers';
import type { DbHandle } from '../../../src/server/db/create-db';
import { parseS3Url } from '../../../src/server/config';
import { s3FileStore } from '../../../src/server/lib/s3-file-store';

const MIB = 1024 * 1024;
const ADDRESS = { address_type: 'residential', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT', dwelling_status: 'Owned', utility_bill_type: 'Electricity' };

/** A PDF of `size` bytes whose body is random, so a byte-identical answer proves the very bytes came back. */
function randomPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length)]);
}

describe.each(dbTargets())('uploads in an S3-compatible store (s3rver) on $name', (target) => {
  let s3: TestS3;
  let db: DbHandle;
  let t: TestApp;
  let n = 0;
  const start = () => createTestApp(db, { config: { s3: parseS3Url(s3.url) } });

  beforeAll(async () => {
    s3 = await startS3();
    db = await target.open();
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await s3?.remove();
  });

  async function address(applicant: Applicant, files: Array<{ field: string; name: string; content: Buffer }>) {
    const form = multipart({ signup_id: applicant.id, ...ADDRESS }, files);
    return t.call({ method: 'POST', url: '/api/addresses/', payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
  }
  const localFiles = () => (fs.existsSync(t.app.config.uploadDir) ? fs.readdirSync(t.app.config.uploadDir) : []);

  it('streams a 20 MiB upload into the bucket; after the app and the store restart, an administrator downloads it byte-identical as an attachment', async () => {
    expect(t.app.files.kind).toBe('s3');
    await expect(t.app.files.ready()).resolves.toBeUndefined();
    const applicant = await createApplicant(t, adultSignup(++n));
    const content = randomPdf(20 * MIB);
    const res = await address(applicant, [{ field: 'proof_of_address_files', name: 'Light & power bill.pdf', content }]);
    expect(res.statusCode, res.body).toBe(201);
    const row = await db.db.selectFrom('signup_files').selectAll().where('signup_id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ size_bytes: 20 * MIB, content_type: 'application/pdf', sha256: crypto.createHash('sha256').update(content).digest('hex') });
    expect(await s3.keys()).toContain(row.stored_name);
    expect(localFiles()).toEqual([]);

    // A second server (a new app on the same database and store), with the store itself restarted in between.
    await t.close();
    await s3.stop();
    await s3.start();
    t = await start();
    await db.db.updateTable('signups').set({ status: 'pending_approval' }).where('id', '=', applicant.id).execute();
    const admin = await tokenFor(t.app, 'admin@cu.example');
    const download = await t.call({ method: 'GET', url: `/api/signups/${applicant.id}/files/${row.id}`, headers: auth(admin) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Light & power bill.pdf"; filename*=UTF-8''${encodeURIComponent('Light & power bill.pdf')}`);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(20 * MIB));
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('replacing a step\'s documents deletes the old objects from the bucket', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    expect((await address(applicant, [{ field: 'proof_of_address_files', name: 'first.pdf', content: PDF(4096) }])).statusCode).toBe(201);
    const first = await db.db.selectFrom('signup_files').select('stored_name').where('signup_id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(await s3.keys()).toContain(first.stored_name);
    expect((await address(applicant, [{ field: 'proof_of_address_files', name: 'second.pdf', content: PDF(4096) }])).statusCode).toBe(201);
    const second = await db.db.selectFrom('signup_files').select('stored_name').where('signup_id', '=', applicant.id).executeTakeFirstOrThrow();
    const keys = await s3.keys();
    expect(keys).toContain(second.stored_name);
    expect(keys).not.toContain(first.stored_name);
  });

  it.each([
    ['one byte over 20 MiB', 'big.pdf', () => PDF(20 * MIB + 1), 413, 'File size must be less than 20MB.'],
    ['a PNG named .pdf', 'bill.pdf', () => PNG(), 400, 'Invalid file type. Only images (JPEG, PNG, WEBP) and PDFs are allowed.'],
  ])('refuses %s with a 4xx and leaves nothing in the bucket', async (_label, name, content, status, message) => {
    const before = await s3.keys();
    const res = await address(await createApplicant(t, adultSignup(++n)), [{ field: 'proof_of_address_files', name, content: content() }]);
    expect(res.statusCode).toBe(status);
    expect(res.json().errors.proof_of_address_files).toBe(message);
    expect(await s3.keys()).toEqual(before);
  });

  it('a malformed multipart body is a 400 and leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    const applicant = await createApplicant(t, adultSignup(++n));
    const form = multipart({ signup_id: applicant.id, ...ADDRESS }, [{ field: 'proof_of_address_files', name: 'cut.pdf', content: PDF(MIB) }]);
    const cut = form.payload.subarray(0, form.payload.length - 200_000);
    const res = await t.call({ method: 'POST', url: '/api/addresses/', payload: cut, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
    expect(res.statusCode).toBe(400);
    expect(await s3.keys()).toEqual(before);
  });

  it('ready() rejects while the store is down or the bucket is missing, and resolves again once it is back', async () => {
    await s3.stop();
    await expect(t.app.files.ready()).rejects.toThrow();
    await s3.start();
    await expect(t.app.files.ready()).resolves.toBeUndefined();
    const missingBucket = s3FileStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(missingBucket.ready()).rejects.toThrow();
    await missingBucket.close();
  });
});
