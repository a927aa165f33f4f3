import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';
import { configRoot } from '../../shared/forms/read-forms-dir.js';
import { formSourcesFromFiles, type FormSources, type JsonObject } from '../../shared/forms/form-registry.js';

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

/** A recorded configuration version, parsed: its onboarding flow and its forms. */
export interface StoredConfigVersion {
  flow?: FlowDefinition;
  forms: FormSources;
}

/** Each recorded version parsed once per process (a version's content never changes); null when it is not recorded. */
const storedVersions = new Map<string, StoredConfigVersion | null>();

/** The flow and forms of a recorded configuration version (config_versions), for the drafts and steps stored under it. */
export async function storedConfigVersion(db: Kysely<Database>, hash: string): Promise<StoredConfigVersion | null> {
  if (storedVersions.has(hash)) return storedVersions.get(hash)!;
  const row = await db.selectFrom('config_versions').select('content').where('hash', '=', hash).executeTakeFirst();
  let version: StoredConfigVersion | null = null;
  if (row) {
    const files = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<string, string>;
    const forms = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('forms/') && !name.endsWith('.meta.schema.json')).map(([name, text]) => [name, JSON.parse(text) as JsonObject]));
    const flow = files['flows/onboarding.flow.json'];
    version = { flow: flow ? (JSON.parse(flow) as FlowDefinition) : undefined, forms: formSourcesFromFiles(forms) };
  }
  storedVersions.set(hash, version);
  return version;
}
