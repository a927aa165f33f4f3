import { resolveForm } from '../../src/shared/forms/form-registry';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { withoutHiddenFields } from '../../src/shared/forms/visible-fields';
import { deriveFormData } from '../../src/shared/transforms/form-rules';
import { transforms } from '../../src/shared/transforms/index';
import { today as creditUnionToday } from '../../src/shared/dates/today';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../src/shared/product';
import { loadFlow } from './replay-journey';
import type { BrowserReplayResult } from './browser-replay';
import { outboxCode } from './browser-replay';

const ADMIN = { email: 'admin@cu.example', password: 'Admin!2345', mobile: '+18683000001' };
const headers = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client', 'content-type': 'application/json' };

/** JSON with object keys sorted (the database does not keep key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

function cookieOf(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`));
}

/** Signs the seeded administrator in through the API (password, then the SMS code from the outbox). */
export async function adminSession(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/users/login`, { method: 'POST', headers, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, device_info: { user_agent: 'replay', platform: 'node', language: 'en' } }) });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { user_id } = (await login.json()) as { user_id: number };
  const attempt = cookieOf(login, 'cu_sign_in');
  const code = await outboxCode(baseUrl, ADMIN.mobile, 'sign_in_code');
  const verify = await fetch(`${baseUrl}/api/device-verifications/verify/`, {
    method: 'POST',
    headers: { ...headers, cookie: attempt ?? '' },
    body: JSON.stringify({ identifier_type: 'mobile', operation: 'sign_in', user_id, code }),
  });
  if (verify.status !== 200) throw new Error(`admin verify answered ${verify.status}: ${await verify.text()}`);
  const session = cookieOf(verify, 'cu_session');
  if (!session) throw new Error('no session cookie');
  return session;
}

/**
 * What the server holds for a replayed application, read through the administrators' review API: the
 * status, and for every step the applicant submitted, its stored data and files. Returns the problems.
 */
export async function checkStoredApplication(baseUrl: string, session: string, result: Pick<BrowserReplayResult, 'signupId' | 'submitted'>): Promise<string[]> {
  if (!result.signupId) return ['no signup id was issued'];
  const res = await fetch(`${baseUrl}/api/signups/${result.signupId}`, { headers: { ...headers, cookie: session } });
  if (res.status !== 200) return [`GET /api/signups/${result.signupId} answered ${res.status}`];
  const review = (await res.json()) as { signup: { status: string }; steps: Array<{ step: string; data: Record<string, unknown> }>; files: Array<{ step: string; field: string; original_name: string; size_bytes: number }> };
  const problems: string[] = [];
  if (review.signup.status !== 'pending_approval') problems.push(`status is ${review.signup.status}, not pending_approval`);
  const flow = loadFlow();
  const sources = readFormsDir();
  const today = creditUnionToday();
  for (const [stepId, { entry, facts }] of Object.entries(result.submitted)) {
    const step = flow.steps[stepId];
    if (!step.submit) continue;
    const stored = review.steps.find((s) => s.step === stepId);
    if (!stored) {
      problems.push(`${stepId}: no data stored`);
      continue;
    }
    // What the browser sent: the visible fields, through the step's payload transform.
    const { schema, uiSchema } = resolveForm(sources, step.form!);
    const visible = withoutHiddenFields(schema, uiSchema, deriveFormData(schema, entry.data ?? {}, { today, facts }));
    const named = step.submit.transform ? transforms[step.submit.transform] : undefined;
    const body = named ? named(visible, { today, facts }) : visible;
    for (const [field, value] of Object.entries(body)) {
      if (entry.files?.[field] || field === 'password' || field === 'confirmed_password') continue;
      if (canonical(stored.data[field]) !== canonical(value)) problems.push(`${stepId}.${field}: stored ${JSON.stringify(stored.data[field])}, sent ${JSON.stringify(value)}`);
    }
    for (const [field, files] of Object.entries(entry.files ?? {})) {
      const kept = review.files.filter((f) => f.step === stepId && f.field === field).map((f) => f.original_name).sort();
      const expected = files.map((f) => f.name).sort();
      if (JSON.stringify(kept) !== JSON.stringify(expected)) problems.push(`${stepId}.${field}: files stored ${JSON.stringify(kept)}, sent ${JSON.stringify(expected)}`);
    }
  }
  return problems;
}
