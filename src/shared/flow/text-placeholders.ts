/**
 * The {placeholders} each text of the flow file is filled with, by the text's key (under `resume.texts` or a step's
 * `texts`): what the code passes to fillText (or replaces) for it. A placeholder it does not fill would reach the
 * applicant as written ("go to {url}"), so `npm run config:check` refuses one. A developer who fills a new one adds it here.
 */
export const TEXT_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  resumed: ['step'],
  reminderBody: ['firstName', 'link', 'days'],
  continueHint: ['link'],
  heldFiles: ['files'],
  sentFiles: ['files'],
  filesLost: ['files'],
  changesRequested: ['message'],
  changesBody: ['firstName', 'steps', 'message', 'link'],
  reviewBeforeResubmit: ['step'],
  resumeDescription: ['step'],
  progress: ['ready', 'total'],
};

/** The {placeholders} written in a text. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * The keys a step's `texts` may have: what the step kinds' pages read (flows/README.md lists them per kind). A key
 * nothing reads is a misspelling (`sumbit`): the page would show its default instead, so the checker refuses it.
 */
export const STEP_TEXT_KEYS = [
  'back', 'discard', 'discardBody', 'discardTitle', 'goHome', 'help', 'incomplete', 'instructions', 'keep', 'leave', 'leaveBody', 'leaveTitle', 'next',
  'notReady', 'notReadyBody', 'notReadyTitle', 'optional', 'progress', 'readyBody', 'readyTitle', 'receivedBody', 'receivedGoHome',
  'receivedTitle', 'resend', 'resendLimit', 'resume', 'resumeDescription', 'sending', 'sentRecently', 'skip', 'stay', 'submit', 'verified', 'verify', 'warning',
] as const;

/**
 * The step texts every step's page may show, which the flow's `stepTexts` must word (a step's own texts may replace
 * them): the pages have no words of their own for them, so the checker refuses a flow without one.
 */
export const FLOW_WIDE_STEP_TEXTS = ['back', 'next', 'sending', 'leaveTitle', 'leaveBody', 'stay', 'leave', 'incomplete', 'verify', 'resend', 'verified', 'skip'] as const;

/** A key of a step's `texts`: the pages read a step's texts by these names only, so one missing here does not compile. */
export type StepTextKey = (typeof STEP_TEXT_KEYS)[number];
