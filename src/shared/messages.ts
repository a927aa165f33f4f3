import type { MessageFile, Messages } from './message-catalog.js';
import { AUTH_TEXTS } from './auth-texts.js';
import { ONBOARDING_TEXTS } from './onboarding-texts.js';
import { REQUEST_TEXTS } from './request-texts.js';
import { SESSION_TEXTS } from './session-texts.js';
import { ADMIN_TEXTS } from './admin-texts.js';
import { TRANSFER_TEXTS, insufficientFundsMessage } from './transfer-texts.js';

// Messages the server sends and the browser shows, written once in forms/messages/ (spec 2 section 8 and the call
// tables): an analyst rewords them there. Read a message where it is used (`TRANSFER_TEXTS.keyUsed`), not into a
// constant at load: the server replaces these with its configuration folder's files at start (CONFIG_ROOT).

// Each file has a module of its own (./auth-texts.ts...), so a page loads only the files it reads.
export { AUTH_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS, SESSION_TEXTS, ADMIN_TEXTS, TRANSFER_TEXTS, insufficientFundsMessage };

/**
 * The message files' texts every area's pages may show, by file (the server's start replaces them with the
 * configuration folder's, with the member pages' own, ./member-texts.ts, the shared pages' own, ./page-texts.ts, and the
 * form widgets' own, ./widget-texts.ts, which only the pages using them load). The emails and
 * text messages (`notifications`) are the server's alone: src/server/lib/notification-texts.ts.
 */
export const MESSAGES: { [F in Exclude<MessageFile, 'notifications' | 'member' | 'pages' | 'widgets' | 'welcome' | 'api'>]: Messages<F> } = { auth: AUTH_TEXTS, session: SESSION_TEXTS, transfers: TRANSFER_TEXTS, onboarding: ONBOARDING_TEXTS, requests: REQUEST_TEXTS, admin: ADMIN_TEXTS };



/** The longest message a reviewer's request for changes may carry (the server's body schema and the dialog alike). */
export const REQUEST_CHANGES_MAX = 1000;
