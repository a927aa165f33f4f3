import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile } from '../config-check/json-source.js';
import { formSourcesFromFiles, type FormSources, type JsonObject } from './form-registry.js';

/** The folder holding forms/ and flows/: CONFIG_ROOT when set (a copy an analyst or a test edits), else the repository. */
export function configRoot(): string {
  const setting = process.env.CONFIG_ROOT;
  // Asked several times by each step call: resolved again only when the setting changes.
  if (!root || root.setting !== setting) root = { setting, path: path.resolve(setting || path.resolve(import.meta.dirname, '../../..')) };
  return root.path;
}
let root: { setting: string | undefined; path: string } | undefined;

/** Reads every JSON file under a forms folder (Node only: the server and the scripts); default: the config's forms/. */
export function readFormsDir(dir: string = path.join(configRoot(), 'forms')): FormSources {
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

/** One list (forms/lists/<name>.json) of the config, read on its own (the seed needs two small lists, not every form). */
export function readFormList(name: string, dir: string = path.join(configRoot(), 'forms')): JsonObject {
  const rel = `forms/lists/${name}.json`;
  return readJsonFile(path.join(dir, 'lists', `${name}.json`), rel, (f) => fs.readFileSync(f, 'utf8')) as JsonObject;
}
