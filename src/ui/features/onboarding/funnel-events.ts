import { API_KEY_HEADER, API_SECRET_HEADER } from '../../../shared/product';
import { FUNNEL_STEP_HEADER, FUNNEL_VISIT_HEADER } from '../../../shared/funnel';

// The onboarding funnel (DESIGN.md "Funnel events"): which steps applicants reach and where they stop, by the
// wizard's random visit id, never by who they are. Reporting never gets in the applicant's way: failures are ignored.

const VISIT_KEY = 'cu.funnel.visit';

/**
 * This tab's visit: a random id kept for the tab's life (sessionStorage), so starting an application over is the
 * same visit. Undefined where there is no storage (then nothing is reported).
 */
function currentVisit(): string | undefined {
  try {
    let id = sessionStorage.getItem(VISIT_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(VISIT_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** Headers that let the server count a step's call in the funnel: the visit and the step. */
export function funnelHeaders(stepId: string): Record<string, string> {
  const visit = currentVisit();
  return visit ? { [FUNNEL_VISIT_HEADER]: visit, [FUNNEL_STEP_HEADER]: stepId } : {};
}

/**
 * Reports a step entered or left (with the applicant's true/false facts), or done for a step that makes no call of
 * its own (a choice, a checklist: the server counts the others); sent even while the page unloads.
 */
export function reportStep(event: 'entered' | 'left' | 'submitted', stepId: string, facts?: Record<string, boolean>): void {
  const visit = currentVisit();
  if (!visit || typeof fetch === 'undefined') return;
  const body = JSON.stringify({ visit, step: stepId, event, ...(facts ? { facts } : {}) });
  fetch('/api/funnel/events', { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json', [API_KEY_HEADER]: __API_KEY__, [API_SECRET_HEADER]: __API_SECRET__ }, body }).catch(() => undefined);
}
