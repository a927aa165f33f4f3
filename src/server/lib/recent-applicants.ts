import type { Signup } from '../db/tables/signups.table.js';
import { CONTEXT_COLUMNS } from './applicant-facts.js';
import type { StepGuard } from './signup-steps.repository.js';

/** What a step call needs of a draft to validate before reading it: its token's hash and expiry, its applicant's context. */
export type RecentApplicant = StepGuard & Pick<Signup, 'token_expires_on'>;

/**
 * The drafts this server read lately, at most `limit` (the oldest read goes first), so that a wizard step's call can
 * validate first and store in one statement (saveStepIfUnchanged) that checks, in the database, the caller's token
 * and its expiry, the draft status and each context column the entry gave. Only a success is ever answered from an
 * entry; whatever that statement refuses, and every body that fails validation, goes the full way (read the signup,
 * then 404, 409 or 400 from what the database holds), so a stale entry, another server's change or another visitor's
 * token never shows in an answer. It holds the context's few columns, not the signup, and drops an entry once its
 * token has expired or a step call found the application gone or no longer a draft.
 */
export function recentApplicants(limit = 10_000) {
  const entries = new Map<string, RecentApplicant>();
  return {
    /** The entry for this signup while its token lasts. */
    get(signupId: string, now: Date): RecentApplicant | undefined {
      const entry = entries.get(signupId);
      if (!entry || new Date(entry.token_expires_on) > now) return entry;
      entries.delete(signupId);
      return undefined;
    },
    /** Keeps what a step call just read of the signup. */
    remember(signup: Signup): void {
      entries.delete(signup.id);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      const entry = { id: signup.id, applicant_token_hash: signup.applicant_token_hash, token_expires_on: signup.token_expires_on } as RecentApplicant;
      for (const column of CONTEXT_COLUMNS) (entry as Record<string, unknown>)[column] = signup[column];
      entries.set(signup.id, entry);
    },
    forget(signupId: string): void {
      entries.delete(signupId);
    },
  };
}
