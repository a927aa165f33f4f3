import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startS3, type TestS3 } from '../../helpers/s3-server';
import { API_HEADERS } from '../../helpers/test-app';
import { auth, tokenFor } from '../admin/admin-helpers';
import { adultSignup, createApplicant, multipart, PDF, PNG, type Applicant } from '../onboarding/onboarding-helpers';
import type { DbHandle } from '../../../src/server/db/create-db';
import { parseS3Url } from '../../../src/server/config';
import { s3FileStore } from '../../../src/server/lib/s3-file-store';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../../src/shared/forms/form-registry';

/** The address form's own words for a refused document. */
const FILE_MESSAGES = resolveForm(readFormsDir(), 'onboarding/address').schema.properties.proof_of_address_files.errorMessage;

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

  it('streams: the store has received megabytes of a file while the client is still sending it', async () => {
    // Count what reaches the real S3 store as it arrives.
    const store = t.app.files;
    const original = store.put.bind(store);
    let reachedStore = 0;
    store.put = (name: string, body: Readable) => {
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => (reachedStore += chunk.length));
      body.on('error', (err) => counted.destroy(err));
      return original(name, body.pipe(counted));
    };
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const applicant = await createApplicant(t, adultSignup(++n));
      const content = randomPdf(16 * MIB);
      const form = multipart({ signup_id: applicant.id, ...ADDRESS }, [{ field: 'proof_of_address_files', name: 'scan.pdf', content }]);
      const answer = new Promise<number>((resolve, reject) => {
        const req = http.request({ port: (t.app.server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: '/api/addresses/', headers: { ...API_HEADERS, ...applicant.headers, ...form.headers, 'content-length': String(form.payload.length) } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        const half = form.payload.length - 6 * MIB;
        req.write(form.payload.subarray(0, half));
        // The last 6 MiB are held back until the store has seen at least 8 MiB of the file.
        const waitForStore = async () => {
          for (let i = 0; i < 200 && reachedStore < 8 * MIB; i++) await new Promise((r) => setTimeout(r, 50));
          expect(reachedStore).toBeGreaterThanOrEqual(8 * MIB);
          req.end(form.payload.subarray(half));
        };
        waitForStore().catch(reject);
      });
      expect(await answer).toBe(201);
      expect(reachedStore).toBe(16 * MIB);
    } finally {
      store.put = original;
    }
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
    ['one byte over 20 MiB', 'big.pdf', () => PDF(20 * MIB + 1), 413, `big.pdf: ${FILE_MESSAGES.maxFileSize}`],
    ['a PNG named .pdf', 'bill.pdf', () => PNG(), 400, `bill.pdf: ${FILE_MESSAGES.fileTypes}`],
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
