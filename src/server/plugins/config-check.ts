import crypto from 'node:crypto';
import fs from 'node:fs';
import { configRoot } from '../../shared/forms/read-forms-dir.js';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { checkConfig, formatProblems, type Problem } from '../../shared/config-check/check-config.js';
import { requestPath } from '../lib/request-path.js';
import { brokenCalls, callKeys, type BrokenCalls } from '../../shared/config-check/affected-endpoints.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';
import { WIDGET_NAMES } from '../../shared/forms/widget-names.js';
import type { JsonObject } from '../../shared/forms/form-registry.js';
import { transforms } from '../../shared/transforms/index.js';
import { errorBody } from './errors.js';

/** The repository folder holding forms/ and flows/. */

export interface ConfigCheckOptions {
  /** The folder holding forms/ and flows/ to check (default the repository's). */
  root?: string;
  env: 'development' | 'test' | 'production';
}

/** JSON files under `dir` that parse (the checker reports the others), keyed `<base>/<relative path>`. */
function readJson(dir: string, base: string): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const full = path.join(entry.parentPath, entry.name);
    try {
      out[`${base}/${path.relative(dir, full).split(path.sep).join('/')}`] = JSON.parse(fs.readFileSync(full, 'utf8'));
    } catch {
      // reported by the checker
    }
  }
  return out;
}

/** A stamp of every file under `dirs` of `root` (name, size, time): the check reruns only when it changes. */
function stamp(root: string, dirs = ['forms', 'flows']): string {
  return dirs
    .flatMap((d) => (fs.existsSync(path.join(root, d)) ? fs.readdirSync(path.join(root, d), { recursive: true, withFileTypes: true }) : []))
    .filter((e) => e.isFile())
    .map((e) => {
      const s = fs.statSync(path.join(e.parentPath, e.name));
      return `${e.parentPath}/${e.name}:${s.size}:${s.mtimeMs}`;
    })
    .sort()
    .join('|');
}

const cache = new Map<string, { stamp: string; problems: Problem[]; broken: BrokenCalls }>();

/** The checker's own code (src/shared) and this file: a clean result is only reused for the code that gave it. */
const codeRoot = path.resolve(import.meta.dirname, '..', '..');
let codeStamp: string | undefined;

/**
 * Clean checks remembered between starts (strict-compiling every form takes about a second of each start):
 * hashes of the stamps of a configuration and a checker that found no problem. A configuration with
 * problems is checked at every start, so its messages are always current.
 */
const CLEAN_FILE = path.join(codeRoot, '..', 'node_modules', '.cache', 'cu-config-check', 'clean.json');
const stampHash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function rememberedClean(): string[] {
  try {
    const list: unknown = JSON.parse(fs.readFileSync(CLEAN_FILE, 'utf8'));
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function rememberClean(hash: string): void {
  try {
    fs.mkdirSync(path.dirname(CLEAN_FILE), { recursive: true });
    // Written aside and renamed: parallel test workers never read half a file.
    const aside = `${CLEAN_FILE}.${process.pid}`;
    fs.writeFileSync(aside, JSON.stringify([hash, ...rememberedClean().filter((h) => h !== hash)].slice(0, 20)));
    fs.renameSync(aside, CLEAN_FILE);
  } catch {
    // A read-only install checks at every start.
  }
}

/** The configuration's problems and the API calls they break, checked once per version of the files. */
export function configProblems(root: string): { problems: Problem[]; broken: BrokenCalls } {
  codeStamp ??= stamp(codeRoot, ['shared', 'server/plugins']);
  const now = `${stamp(root)}\n${codeStamp}`;
  const hit = cache.get(root);
  if (hit && hit.stamp === now) return hit;
  const hash = stampHash(now);
  if (rememberedClean().includes(hash)) {
    const clean = { stamp: now, problems: [], broken: new Map() };
    cache.set(root, clean);
    return clean;
  }
  const problems = checkConfig({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) });
  const flows = Object.fromEntries(Object.entries(readJson(path.join(root, 'flows'), 'flows')).filter(([f]) => f.endsWith('.flow.json'))) as Record<string, FlowDefinition>;
  const schemas = Object.fromEntries(
    Object.entries(readJson(path.join(root, 'forms'), 'forms'))
      .filter(([f]) => f.endsWith('.schema.json') && !f.endsWith('.meta.schema.json'))
      .map(([f, s]) => [f.replace(/^forms\//, '').replace(/\.schema\.json$/, ''), s]),
  );
  const result = { stamp: now, problems, broken: brokenCalls(problems, flows, schemas) };
  cache.set(root, result);
  if (!problems.length) rememberClean(hash);
  return result;
}

/** The 503 message for a call a configuration problem breaks: the first problem, where, and how many more. */
export function brokenStepMessage(problems: Problem[]): string {
  const [first] = problems;
  const where = `${first.file}${first.line ? `:${first.line}:${first.column}` : ''}${first.path ? ` at ${first.path}` : ''}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more; run npm run config:check)` : '';
  return `This step's configuration has a problem: ${where}: ${first.message}${more}.`;
}

/**
 * Runs the configuration checker at start (DESIGN.md, forms/README.md "Checking your changes"). In
 * production any problem stops the start with the problems listed; elsewhere they are printed and the
 * calls of the broken steps answer 503 with the problem, while the rest of the app works.
 */
export default fp(
  async function configCheckPlugin(app: FastifyInstance, options: ConfigCheckOptions) {
    const root = options.root ?? configRoot();
    const { problems, broken } = configProblems(root);
    if (!problems.length) return;
    const listing = formatProblems(problems);
    if (options.env === 'production') {
      throw new Error(`The configuration in forms/ and flows/ has ${problems.length} problem${problems.length === 1 ? '' : 's'}; the server does not start until they are fixed:\n${listing}`);
    }
    // On a developer's terminal as the checker prints them; in the log otherwise.
    if (options.env === 'development') console.error(`\nThe configuration has problems; the steps they concern answer 503 until fixed:\n${listing}\n`);
    else app.log.error({ problems: problems.length }, `configuration problems (npm run config:check):\n${listing}`);
    app.addHook('onRequest', async (request, reply) => {
      const found = callKeys(request.method, requestPath(request.url)).map((k) => broken.get(k)).find(Boolean);
      if (found) return reply.status(503).send(errorBody(503, brokenStepMessage(found), request.id));
    });
  },
  { name: 'config-check' },
);
