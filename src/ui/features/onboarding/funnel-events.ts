import { API_KEY_HEADER, API_SECRET_HEADER } from '../../../shared/product';
import { FUNNEL_STEP_HEADER, FUNNEL_VISIT_HEADER } from '../../../shared/funnel';

// The onboarding funnel (DESIGN.md "Funnel events"): which steps applicants reach and where they stop, by the
// wizard's random visit id, never by who they are. Reporting never gets in the applicant's way: failures are ignored.

let visit: string | undefined;

/** The visit the wizard's calls are counted under (the flow actor's random session id). */
export function setFunnelVisit(id: string | undefined): void {
  visit = id;
}

/** Headers that let the server count a step's call in the funnel: the visit and the step. */
export function funnelHeaders(stepId: string): Record<string, string> {
  return visit ? { [FUNNEL_VISIT_HEADER]: visit, [FUNNEL_STEP_HEADER]: stepId } : {};
}

/** Reports a step entered or left (with the applicant's true/false facts); sent even while the page unloads. */
export function reportStep(event: 'entered' | 'left', stepId: string, facts?: Record<string, boolean>): void {
  if (!visit || typeof fetch === 'undefined') return;
  const body = JSON.stringify({ visit, step: stepId, event, ...(facts ? { facts } : {}) });
  fetch('/api/funnel/events', { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json', [API_KEY_HEADER]: __API_KEY__, [API_SECRET_HEADER]: __API_SECRET__ }, body }).catch(() => undefined);
}
