import api from '../../../forms/messages/api.json';
import type { Messages } from '../../shared/message-catalog.js';

/**
 * The server's answers to a call no page of this app makes (forms/messages/api.json): a missing API key, a body that
 * is not JSON, a header it does not read. For the developers of other clients; the server's alone, replaced by the
 * configuration folder's at start (lib/configured-messages.ts). Read where used, not into a constant at load.
 */
export const API_TEXTS: Messages<'api'> = api;
