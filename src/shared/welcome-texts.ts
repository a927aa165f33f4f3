import welcome from '../../forms/messages/welcome.json';
import type { Messages } from './message-catalog.js';

/** The words of the welcome page and of the frame around the signed-out pages: the first page a phone loads. */
export const WELCOME_TEXTS: Messages<'welcome'> = welcome;
