/**
 * The server behaviours a step's `submit.action` may name (flows/README.md): a step whose call does more than
 * validate and store its form. Every other step's call is served by the generic step route built from the flow
 * file. The checker refuses a name not listed here; the server implements each one.
 */
export const SERVER_ACTIONS = {
  createSignup: 'creates the application and issues the applicant token (basic info)',
  startAccountClaim: "records an existing member's claim, proven by the next step's code (account number)",
  chooseHomeBranch: 'stores the home branch and contact preferences on the application (branch)',
  submitApplication: "checks every step of the applicant's path and submits the application for approval",
} as const;

export type ServerAction = keyof typeof SERVER_ACTIONS;
export const SERVER_ACTION_NAMES = Object.keys(SERVER_ACTIONS) as ServerAction[];
