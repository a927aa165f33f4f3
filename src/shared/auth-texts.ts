import auth from '../../forms/messages/auth.json';
import type { Messages } from './message-catalog.js';

/** The sign-in and reset flows' texts that are not a field's message (spec 1 sections 7-8). */
export const AUTH_TEXTS: Messages<'auth'> = auth;
