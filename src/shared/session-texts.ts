import session from '../../forms/messages/session.json';
import type { Messages } from './message-catalog.js';

/** What the browser says when a session ends: a module of its own, as the first page loads it (not the other messages). */
export const SESSION_TEXTS: Messages<'session'> = session;
