import { MESSAGE_FILES, MESSAGE_PLACEHOLDERS, MESSAGE_REQUIRED_PLACEHOLDERS } from '../message-catalog.js';
import { placeholdersIn } from '../flow/text-placeholders.js';
import type { JsonObject } from '../forms/form-registry.js';
import { nearMiss } from './near-miss.js';
import { pointer } from './schema-walk.js';
import type { Problem } from './check-config.js';

/**
 * The message files under forms/messages/ (`files`: their contents by path, as the checker read them) against the
 * keys the code reads (src/shared/message-catalog.ts): each file there, each key the code reads in it with a text that
 * shows something, no key the code does not read, no {placeholder} the code does not fill, and every one a message
 * cannot do without (a code's {code}). A configuration folder
 * without forms/messages/ (the engine's test configuration) has nothing to check.
 */
export function messageMistakes(files: Record<string, JsonObject>): Problem[] {
  const problems: Problem[] = [];
  const names = Object.keys(MESSAGE_FILES);
  if (!Object.keys(files).length) return problems;
  for (const [file, content] of Object.entries(files)) {
    const name = /^forms\/messages\/([^/]+)\.json$/.exec(file)?.[1];
    if (!name || !names.includes(name)) {
      const close = name && nearMiss(name, names);
      problems.push({ file, path: '', message: 'not a message file the app reads', hint: close ? `Did you mean forms/messages/${close}.json?` : `The message files are forms/messages/${names.join(', ')}.json; a new message needs a developer to use it (src/shared/message-catalog.ts).` });
    }
    if (!content || typeof content !== 'object' || Array.isArray(content)) problems.push({ file, path: '', message: 'a message file is one object of texts by key', hint: 'Write { "key": "text", ... }.' });
  }
  for (const name of names) {
    const file = `forms/messages/${name}.json`;
    const content = files[file];
    const keys = MESSAGE_FILES[name as keyof typeof MESSAGE_FILES] as readonly string[];
    if (!(file in files)) {
      problems.push({ file, path: '', message: 'missing message file', hint: `The app reads ${keys.length} messages from it (${keys.join(', ')}): restore it from version control.` });
      continue;
    }
    if (!content || typeof content !== 'object' || Array.isArray(content)) continue;
    for (const [key, text] of Object.entries(content)) {
      const at = pointer([key]);
      if (key === '$comment') continue;
      if (!keys.includes(key)) {
        const close = nearMiss(key, keys);
        problems.push({ file, path: at, message: `unknown message "${key}"`, hint: close ? `Did you mean "${close}"? A key the app does not read changes nothing.` : `The messages of this file: ${keys.join(', ')}. A new message needs a developer to use it.` });
      } else if (typeof text !== 'string' || !text.trim()) {
        problems.push({ file, path: at, message: `message "${key}" is empty`, hint: 'Write the words people should read: an empty message leaves an error unexplained.' });
      } else {
        const allowed = MESSAGE_PLACEHOLDERS[`${name}.${key}`] ?? [];
        for (const placeholder of placeholdersIn(text).filter((p) => !allowed.includes(p))) {
          problems.push({ file, path: at, message: `{${placeholder}} is not filled in this message`, hint: allowed.length ? `This message fills ${allowed.map((p) => `{${p}}`).join(', ')}; any other placeholder would show as written.` : 'This message is shown as written: remove the braces, or write the value itself.' });
        }
        for (const placeholder of (MESSAGE_REQUIRED_PLACEHOLDERS[`${name}.${key}`] ?? []).filter((p) => !placeholdersIn(text).includes(p))) {
          problems.push({ file, path: at, message: `message "${key}" lacks {${placeholder}}`, hint: `It is sent to people for its {${placeholder}}: without it they would get the message and not the ${placeholder}. Write {${placeholder}} where it belongs in the words.` });
        }
      }
    }
    for (const key of keys) {
      if (!Object.hasOwn(content, key)) problems.push({ file, path: '', message: `message "${key}" is missing`, hint: `The app answers with it: without it people would see no message. Add "${key}": "<text>".` });
    }
  }
  return problems;
}
