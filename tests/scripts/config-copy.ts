import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');

/** A throwaway copy of a config (forms/ + flows/) that a test may edit; flows/flow.schema.json comes along. */
export function copyConfig(from: 'mini' | 'repository' = 'mini'): { root: string; read: (rel: string) => any; write: (rel: string, value: unknown) => void; edit: (rel: string, change: (json: any) => void) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-config-'));
  const source = from === 'mini' ? path.join(REPO, 'tests/fixtures/config') : REPO;
  fs.cpSync(path.join(source, 'forms'), path.join(root, 'forms'), { recursive: true });
  fs.cpSync(path.join(source, 'flows'), path.join(root, 'flows'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'flows/flow.schema.json'), path.join(root, 'flows/flow.schema.json'));
  const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  const write = (rel: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), JSON.stringify(value, null, 2));
  };
  return { root, read, write, edit: (rel, change) => { const json = read(rel); change(json); write(rel, json); } };
}
