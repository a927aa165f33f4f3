import type { ApplicantContext } from '../facts/applicant-context';

/**
 * What a step's `remember` entries (flow file) keep about the applicant: `{ dob: "data.dob", signupId:
 * "response.id" }` reads the submitted form data and the server's answer.
 */
export function rememberedValues(remember: Record<string, string> | undefined, data: unknown, response: unknown): ApplicantContext {
  const out: ApplicantContext = {};
  const read = (root: unknown, dotted: string) => dotted.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
  for (const [key, source] of Object.entries(remember ?? {})) {
    const [origin, ...rest] = source.split('.');
    const value = read(origin === 'data' ? data : response, rest.join('.'));
    if (value !== undefined) out[key] = value;
  }
  return out;
}
