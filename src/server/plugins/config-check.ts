import fs from 'node:fs';
import { configRoot } from '../../shared/forms/read-forms-dir.js';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { checkConfig, formatProblems, type Problem } from '../../shared/config-check/check-config.js';
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

/** A stamp of every file under forms/ and flows/ (name, size, time): the check reruns only when it changes. */
function stamp(root: string): string {
  return ['forms', 'flows']
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

/** The configuration's problems and the API calls they break, checked once per version of the files. */
export function configProblems(root: string): { problems: Problem[]; broken: BrokenCalls } {
  const now = stamp(root);
  const hit = cache.get(root);
  if (hit && hit.stamp === now) return hit;
  const problems = checkConfig({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) });
  const flows = Object.fromEntries(Object.entries(readJson(path.join(root, 'flows'), 'flows')).filter(([f]) => f.endsWith('.flow.json'))) as Record<string, FlowDefinition>;
  const schemas = Object.fromEntries(
    Object.entries(readJson(path.join(root, 'forms'), 'forms'))
      .filter(([f]) => f.endsWith('.schema.json') && !f.endsWith('.meta.schema.json'))
      .map(([f, s]) => [f.replace(/^forms\//, '').replace(/\.schema\.json$/, ''), s]),
  );
  const result = { stamp: now, problems, broken: brokenCalls(problems, flows, schemas) };
  cache.set(root, result);
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
      const found = callKeys(request.method, request.url).map((k) => broken.get(k)).find(Boolean);
      if (found) return reply.status(503).send(errorBody(503, brokenStepMessage(found), request.id));
    });
  },
  { name: 'config-check' },
);
