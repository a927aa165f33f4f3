/** What the onboarding funnel records (DESIGN.md "Funnel events"): names only, never what an applicant typed. */
export const FUNNEL_EVENTS = ['entered', 'submitted', 'refused', 'left', 'application_submitted'] as const;
export type FunnelEventName = (typeof FUNNEL_EVENTS)[number];

/** The headers an onboarding call names its visit and step with, so the server can count the call in the funnel. */
export const FUNNEL_VISIT_HEADER = 'x-funnel-visit';
export const FUNNEL_STEP_HEADER = 'x-funnel-step';

/** A visit id as the wizard makes them (a random id); anything else is not recorded as one. */
export const VISIT_PATTERN = '^[A-Za-z0-9-]{8,64}$';
