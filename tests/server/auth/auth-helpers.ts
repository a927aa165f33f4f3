import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../helpers/test-app';

let ipCounter = 0;
/** A fresh client address, so per-IP limits do not interfere with what a test is proving. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** The newest 6-digit code sent to a recipient with a purpose (read from the outbox table). */
export async function latestCodeFor(t: TestApp, recipient: string, purpose: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const code = row.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in: ${row.body}`);
  return code;
}

export function login(t: TestApp, email: string, password: string, ip = nextIp()) {
  return t.call({ method: 'POST', url: '/api/users/login', remoteAddress: ip, payload: { email, password, device_info: { user_agent: 'vitest', platform: 'test', language: 'en' } } });
}

export function verifySignIn(t: TestApp, input: { userId: number; attempt: string; code: string; ip?: string }) {
  return t.call({
    method: 'POST',
    url: '/api/device-verifications/verify/',
    remoteAddress: input.ip ?? nextIp(),
    cookies: { cu_sign_in: input.attempt },
    payload: { identifier_type: 'mobile', operation: 'sign_in', user_id: input.userId, code: input.code },
  });
}

/** Password, then the SMS code from the outbox: the whole sign-in. Returns the session token and cookie. */
export async function signIn(t: TestApp, email: string, password: string, mobile: string) {
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { user_id } = res.json();
  const attempt = cookieValue(res, 'cu_sign_in')!;
  const code = await latestCodeFor(t, mobile, 'sign_in_code');
  const verified = await verifySignIn(t, { userId: user_id, attempt, code });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return { token: verified.json().access_token as string, cookie: cookieValue(verified, 'cu_session')!, userId: user_id as number, response: verified };
}

export const MEMBER = { email: 'member@cu.example', password: 'Member!2345', mobile: '+18683000002' } as const;
export const ADMIN = { email: 'admin@cu.example', password: 'Admin!2345', mobile: '+18683000001' } as const;
export const GRACE = { email: 'grace@cu.example', password: 'Member!2345', mobile: '+18683000003' } as const;
