import { journeyFacts, signupBody, stepRequest, stepsToSubmit } from '../../helpers/journey-bodies';
import type { TestApp } from '../../helpers/test-app';

/** A valid adult signup body for POST /signups/ (unique email and mobile per `n`): the adult journey's basic info. */
export function adultSignup(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return signupBody(n, overrides, 'adult-new-local');
}

export interface Applicant {
  id: string;
  token: string;
  headers: Record<string, string>;
  /** The client address the application was created from; pass it as `remoteAddress` on the applicant's calls. */
  address: string;
}

let addressCounter = 0;
/** A fresh client address per call (172.16.x.y), so per-address limits (SECURITY.md rows 17, 21, 22) meet only the tests that prove them. */
export function nextAddress(): string {
  addressCounter += 1;
  return `172.16.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Creates a signup (from its own client address, as a person would) and returns its id and applicant token. */
export async function createApplicant(t: TestApp, body: Record<string, unknown>): Promise<Applicant> {
  const address = nextAddress();
  const res = await t.call({ method: 'POST', url: '/api/signups/', payload: body, remoteAddress: address });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { id: json.id, token: json.applicant_token, headers: { 'x-applicant-token': json.applicant_token }, address };
}

/** One multipart body: text fields, then files as { field, name, content }. */
export function multipart(fields: Record<string, unknown>, files: Array<{ field: string; name: string; content: Buffer; type?: string }>) {
  const boundary = `----cu${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(v)}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = (size = 1024) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
export const PNG = (size = 1024) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 0)]);
export const JPEG = (size = 1024) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 0)]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** The steps a local adult sends before final submission, in walk order: from the flow file, for the adult journey's facts. */
export const ADULT_STEPS = stepsToSubmit(journeyFacts('adult-new-local'));

/** The same for an adult of another nationality (the foreign adult journey's facts): a step the flow adds for them is in it. */
export const FOREIGN_ADULT_STEPS = stepsToSubmit(journeyFacts('adult-foreign-national'));

/** Sends one step's call as the QA journeys make it (endpoint from the flow file, body and files from tests/fixtures/journeys). */
export function sendStep(t: TestApp, applicant: Applicant, step: string, options: { headers?: Record<string, string>; remoteAddress?: string; data?: Record<string, unknown> } = {}) {
  const c = stepRequest(step, options.data ? { data: options.data } : {});
  const body = { signup_id: applicant.id, ...c.body };
  const headers = options.headers ?? applicant.headers;
  const remoteAddress = options.remoteAddress ?? applicant.address;
  if (c.encoding === 'json') return t.call({ method: c.method, url: c.url, payload: body, headers, remoteAddress });
  const form = multipart(body, c.files);
  return t.call({ method: c.method, url: c.url, payload: form.payload, headers: { ...headers, ...form.headers }, remoteAddress });
}
