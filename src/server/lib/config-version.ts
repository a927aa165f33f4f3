import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { configRoot } from '../../shared/forms/read-forms-dir.js';

/** The configuration in force: a content hash of every JSON file under forms/ and flows/, and the files. */
export interface ConfigVersion {
  hash: string;
  /** Each file's text by its path under the configuration folder (forms/onboarding/basic-info.schema.json). */
  files: Record<string, string>;
}

/** Reads forms/ and flows/ under `root` (CONFIG_ROOT, default the repository) and hashes them in a stable order. */
export function readConfigVersion(root: string = configRoot()): ConfigVersion {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) files[path.relative(root, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(path.join(root, 'forms'));
  walk(path.join(root, 'flows'));
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\0${files[name]}\0`);
  return { hash: hash.digest('hex'), files };
}
