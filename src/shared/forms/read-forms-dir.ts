import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile } from '../config-check/json-source.js';
import { formSourcesFromFiles, type FormSources, type JsonObject } from './form-registry.js';

/** The repository's forms/ folder, found from this file so any working directory works. */
export const DEFAULT_FORMS_DIR = path.resolve(import.meta.dirname, '../../../forms');

/** Reads every JSON file under a forms folder (Node only: the server and the scripts). */
export function readFormsDir(dir: string = DEFAULT_FORMS_DIR): FormSources {
  const files: Record<string, JsonObject> = {};
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.meta.schema.json')) {
        const rel = path.relative(dir, full).split(path.sep).join('/');
        files[`forms/${rel}`] = readJsonFile(full, `forms/${rel}`, (f) => fs.readFileSync(f, 'utf8')) as JsonObject;
      }
    }
  };
  walk(dir);
  return formSourcesFromFiles(files);
}
