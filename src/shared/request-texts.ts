import requests from '../../forms/messages/requests.json';
import type { Messages } from './message-catalog.js';

/** Answers any form's call may get: the general message of a refused body, the server's field messages, not found, and the pages' fallbacks. */
export const REQUEST_TEXTS: Messages<'requests'> = requests;
