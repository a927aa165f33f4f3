import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { factsReadStoredAnswers, serverContext, type ContextRow } from './applicant-facts.js';
import { loadSteps } from './signup-steps.repository.js';

/**
 * The applicant's context a step's call validates with: the signups columns, and the stored steps' answers when a
 * declared fact reads one of them (factsReadStoredAnswers), as final submission does. Without such a fact, no query.
 */
export async function stepCallContext(db: Kysely<Database>, signup: ContextRow): Promise<ApplicantContext> {
  return factsReadStoredAnswers() ? serverContext(signup, await loadSteps(db, signup.id)) : serverContext(signup);
}
