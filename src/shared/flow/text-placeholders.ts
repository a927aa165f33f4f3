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
