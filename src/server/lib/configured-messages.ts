import fs from 'node:fs';
import path from 'node:path';
import { MESSAGE_FILES, type MessageFile } from '../../shared/message-catalog.js';
import { MESSAGES } from '../../shared/messages.js';
import { MEMBER_TEXTS } from '../../shared/member-texts.js';
import { PAGE_TEXTS } from '../../shared/page-texts.js';
import { WIDGET_TEXTS } from '../../shared/widget-texts.js';
import { WELCOME_TEXTS } from '../../shared/welcome-texts.js';
import { NOTIFICATION_TEXTS } from './notification-texts.js';
import { API_TEXTS } from './api-texts.js';

/**
 * The messages of the configuration folder the server runs with (CONFIG_ROOT: a copy an analyst tries a change on),
 * in place of the ones built in: each text the code reads that the folder's forms/messages/ gives. The code reads a
 * message where it uses it (or when a route registers), so a server started on the folder answers in its words. A
 * folder without message files (the engine's test configuration) changes nothing; a text the checker would refuse
 * (empty, not text) is left as built in.
 */
export function useConfiguredMessages(root: string): void {
  const built: Record<MessageFile, Record<string, string>> = { ...MESSAGES, member: MEMBER_TEXTS, pages: PAGE_TEXTS, widgets: WIDGET_TEXTS, welcome: WELCOME_TEXTS, api: API_TEXTS, notifications: NOTIFICATION_TEXTS };
  for (const file of Object.keys(MESSAGE_FILES) as MessageFile[]) {
    const at = path.join(root, 'forms/messages', `${file}.json`);
    if (!fs.existsSync(at)) continue;
    let content: unknown;
    try {
      content = JSON.parse(fs.readFileSync(at, 'utf8'));
    } catch {
      continue; // the configuration checker reports it
    }
    if (!content || typeof content !== 'object') continue;
    const texts = built[file];
    for (const key of MESSAGE_FILES[file] as readonly string[]) {
      const text = (content as Record<string, unknown>)[key];
      if (typeof text === 'string' && text.trim()) texts[key] = text;
    }
  }
}
