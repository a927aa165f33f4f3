import fs from 'node:fs';
import path from 'node:path';

/** The analysts' forms folder (forms/<area>/<form-id>.schema.json), found from this file so any cwd works. */
export const FORMS_DIR = path.resolve(import.meta.dirname, '../../../forms');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// A list file (`"$ref": "../lists/roles.json"`) is merged into the property that refers to it, so the
// compiled schema is self-contained and ajv-errors messages on that property cover the list's keywords.
function inlineFileRefs(node: Json, dir: string): Json {
  if (Array.isArray(node)) return node.map((n) => inlineFileRefs(n, dir));
  if (!node || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.endsWith('.json')) {
      const file = path.resolve(dir, value);
      if (!file.startsWith(FORMS_DIR + path.sep)) throw new Error(`$ref outside forms/: ${value}`);
      const list = inlineFileRefs(JSON.parse(fs.readFileSync(file, 'utf8')), path.dirname(file)) as { [key: string]: Json };
      for (const [k, v] of Object.entries(list)) if (k !== '$comment' && !(k in out)) out[k] = v;
    } else {
      out[key] = inlineFileRefs(value, dir);
    }
  }
  return out;
}

/** A form's JSON Schema by id (`admin/user`), with its list files inlined, ready for the shared ajv. */
export function loadFormSchema(formId: string): Record<string, any> {
  const file = path.join(FORMS_DIR, `${formId}.schema.json`);
  return inlineFileRefs(JSON.parse(fs.readFileSync(file, 'utf8')), path.dirname(file)) as Record<string, any>;
}

/**
 * The `notAfterToday` rule (a date no later than today) needs the server's clock, which a static schema
 * cannot hold: the schema marks the property and carries the message; this applies it to a body that
 * already passed the schema.
 */
export function notAfterTodayErrors(schema: Record<string, any>, body: Record<string, unknown>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, property] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
    const value = body[field];
    if (property?.notAfterToday && typeof value === 'string' && value > today) {
      errors[field] = property.errorMessage?.notAfterToday ?? 'The date cannot be in the future';
    }
  }
  return errors;
}
