import pages from '../../forms/messages/pages.json';
import type { Messages } from './message-catalog.js';

/** The words of the pages and frame parts every area shares (not found, access denied, the account menu, the code boxes). */
export const PAGE_TEXTS: Messages<'pages'> = pages;
