import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configRoot } from '../../src/shared/forms/read-forms-dir';

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * A throwaway copy of a config (forms/ + flows/) that a test may edit; flows/flow.schema.json comes along.
 * 'repository' copies the configuration in use (CONFIG_ROOT, default the repository's own).
 */
export function copyConfig(from: 'mini' | 'repository' = 'mini'): { root: string; read: (rel: string) => any; write: (rel: string, value: unknown) => void; edit: (rel: string, change: (json: any) => void) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-config-'));
  const source = from === 'mini' ? path.join(REPO, 'tests/fixtures/config') : configRoot();
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

export interface GuideReplay {
  /** The guide's example number ("## 6. ..." -> 6). */
  example: number;
  op: 'set' | 'append' | 'prepend' | 'create' | 'copy';
  file: string;
  pointer: string;
  value: unknown;
  /** copy: where the value is copied from (a pointer in the same file). */
  from?: string;
}

/**
 * The analyst guide's replay comments, in order: `<!-- replay: set|append|prepend FILE /pointer -->` or `create FILE`,
 * each followed by a ```json block, and `<!-- replay: copy FILE /from /to -->` (what the analyst moves by hand: a
 * step's `next` list as it is, whatever branches it holds).
 */
export function readGuideReplays(): GuideReplay[] {
  const guide = fs.readFileSync(path.join(REPO, 'docs/analyst-guide.md'), 'utf8');
  const re = /<!-- replay: (set|append|prepend|create) (\S+)(?: (\S+))? -->\s*```json\n([\s\S]*?)```|<!-- replay: copy (\S+) (\S+) (\S+) -->/g;
  const exampleAt = (index: number) => Number(/^## (\d+)\./m.exec([...guide.slice(0, index).matchAll(/^## \d+\..*$/gm)].pop()?.[0] ?? '')?.[1] ?? 0);
  return [...guide.matchAll(re)].map((m) =>
    m[5]
      ? { example: exampleAt(m.index), op: 'copy' as const, file: m[5], from: m[6], pointer: m[7], value: undefined }
      : { example: exampleAt(m.index), op: m[1] as GuideReplay['op'], file: m[2], pointer: m[3] ?? '', value: JSON.parse(m[4]) },
  );
}

function applyReplay(json: any, { op, pointer, value, from }: GuideReplay): void {
  const parts = pointer.split('/').slice(1);
  const last = parts.pop()!;
  let node = json;
  for (const p of parts) node = node[p] ??= {};
  if (op === 'append') node[last].push(value);
  else if (op === 'prepend') node[last].unshift(value);
  else if (op === 'copy') node[last] = structuredClone(from!.split('/').slice(1).reduce((n: any, p) => n?.[p], json));
  else node[last] = value;
}

/**
 * A copy of the repository's configuration with the worked examples of docs/analyst-guide.md applied (all, or the
 * numbers given), in order; `before` edits the copy first (an analyst's earlier change the examples must keep).
 */
export function guideConfig(examples?: number[], before?: (config: ReturnType<typeof copyConfig>) => void): ReturnType<typeof copyConfig> & { replays: GuideReplay[] } {
  const config = copyConfig('repository');
  before?.(config);
  const wanted = readGuideReplays().filter((r) => !examples || examples.includes(r.example));
  // An example whose new step the copy has already (the configuration in use is itself a guide copy: the analyst-change
  // run's) is not applied twice: moving a step's `next` again would point the new step at itself.
  const steps = () => (config.read('flows/onboarding.flow.json') as { steps: Record<string, unknown> }).steps;
  const applied = new Set(wanted.filter((r) => r.op === 'set' && /^\/steps\/[^/]+$/.test(r.pointer) && steps()[r.pointer.split('/')[2]]).map((r) => r.example));
  const replays = wanted.filter((r) => !applied.has(r.example));
  for (const replay of replays) {
    if (replay.op === 'create') config.write(replay.file, replay.value);
    else config.edit(replay.file, (json) => applyReplay(json, replay));
  }
  return { ...config, replays };
}

/**
 * The enclosing describe's app is built from the configuration at `root` (CONFIG_ROOT from beforeAll to afterAll, then
 * as it was). Call it before `suiteApp`, so its hook runs first.
 */
export function useConfigRoot(root: string): void {
  const previous = process.env.CONFIG_ROOT;
  beforeAll(() => {
    process.env.CONFIG_ROOT = root;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CONFIG_ROOT;
    else process.env.CONFIG_ROOT = previous;
  });
}
