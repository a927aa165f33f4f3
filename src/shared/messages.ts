import auth from '../../forms/messages/auth.json';
import onboarding from '../../forms/messages/onboarding.json';
import requests from '../../forms/messages/requests.json';
import type { MessageFile, Messages } from './message-catalog.js';
import { SESSION_TEXTS } from './session-texts.js';
import { ADMIN_TEXTS } from './admin-texts.js';
import { TRANSFER_TEXTS, insufficientFundsMessage } from './transfer-texts.js';

// Messages the server sends and the browser shows, written once in forms/messages/ (spec 2 section 8 and the call
// tables): an analyst rewords them there. Read a message where it is used (`TRANSFER_TEXTS.keyUsed`), not into a
// constant at load: the server replaces these with its configuration folder's files at start (CONFIG_ROOT).

/** The sign-in and reset flows' texts that are not a field's message (spec 1 sections 7-8). */
export const AUTH_TEXTS: Messages<'auth'> = auth;
export { SESSION_TEXTS, ADMIN_TEXTS, TRANSFER_TEXTS, insufficientFundsMessage };
/** The onboarding server's answers that belong to no one field: codes, limits, documents, the account claim. */
export const ONBOARDING_TEXTS: Messages<'onboarding'> = onboarding;
/** Answers any form's call may get: the general message of a refused body, the server's field messages, not found. */
export const REQUEST_TEXTS: Messages<'requests'> = requests;

/**
 * The message files' texts every area's pages may show, by file (the server's start replaces them with the
 * configuration folder's, with the member pages' own, ./member-texts.ts, the shared pages' own, ./page-texts.ts, and the
 * form widgets' own, ./widget-texts.ts, which only the pages using them load). The emails and
 * text messages (`notifications`) are the server's alone: src/server/lib/notification-texts.ts.
 */
export const MESSAGES: { [F in Exclude<MessageFile, 'notifications' | 'member' | 'pages' | 'widgets'>]: Messages<F> } = { auth: AUTH_TEXTS, session: SESSION_TEXTS, transfers: TRANSFER_TEXTS, onboarding: ONBOARDING_TEXTS, requests: REQUEST_TEXTS, admin: ADMIN_TEXTS };

/** A body of another type than JSON (text, XML, multipart) on a route that reads JSON: a 415 (for developers, not people). */
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';


/** The longest message a reviewer's request for changes may carry (the server's body schema and the dialog alike). */
export const REQUEST_CHANGES_MAX = 1000;
