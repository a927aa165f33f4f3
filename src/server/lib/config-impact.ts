import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';
import type { FormValidator } from './form-validation.js';
import { draftState } from './draft-state.js';
import { liveDraftSince, resumeSettings } from './draft-lifetime.js';

export interface StepImpact {
  step: string;
  title: string;
  /** Drafts that stored this step and would have it reopened. */
  reopened: number;
  /** Drafts past this step that never met it (a step new to them) and would be asked it. */
  asked: number;
  /** Each field at fault, and in how many drafts. */
  fields: Record<string, number>;
}

export interface ConfigImpact {
  drafts: number;
  /** Drafts that would land on an earlier step than the one they would continue on today. */
  affected: number;
  steps: StepImpact[];
}

/**
 * What a configuration would do to the applications in progress (`npm run config:impact`, DESIGN.md
 * "Configuration versions"): every live draft checked as a resume would check it under `forms` and `flow`.
 */
export async function configImpact(deps: { db: Kysely<Database>; forms: FormValidator; flow: FlowDefinition; configVersion: string; now: Date }): Promise<ConfigImpact> {
  const since = liveDraftSince(deps.now, resumeSettings(deps.flow));
  const drafts = await deps.db.selectFrom('signups').selectAll().where('status', '=', 'draft').where('updated_on', '>', since).execute();
  const byStep = new Map<string, StepImpact>();
  let affected = 0;
  for (const signup of drafts) {
    const state = await draftState(deps, signup);
    const landingIndex = state.steps.findIndex((s) => s.step === state.landing);
    let touched = false;
    for (const [i, s] of state.steps.entries()) {
      const reopened = s.status === 'reopened';
      const asked = s.status === 'todo' && Boolean(s.reason);
      if (!reopened && !asked) continue;
      if (i <= landingIndex) touched = true;
      const entry = byStep.get(s.step) ?? { step: s.step, title: s.title, reopened: 0, asked: 0, fields: {} };
      if (reopened) entry.reopened += 1;
      if (asked) entry.asked += 1;
      for (const field of Object.keys(s.fields ?? {})) entry.fields[field] = (entry.fields[field] ?? 0) + 1;
      byStep.set(s.step, entry);
    }
    if (touched) affected += 1;
  }
  const order = Object.keys(deps.flow.steps);
  return { drafts: drafts.length, affected, steps: [...byStep.values()].sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step)) };
}
