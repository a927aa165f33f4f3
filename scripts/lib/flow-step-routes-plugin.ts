import fs from 'node:fs';
import type { FlowDefinition } from '../../src/shared/flow/flow-types';

/** What each query makes of a flow file's steps, in file order. */
const VIEWS: Record<string, (flow: FlowDefinition) => unknown> = {
  // The route table (part of the first page): each step's id and route.
  '?step-routes': (flow) => Object.entries(flow.steps).map(([id, step]) => ({ id, route: step.route })),
  // What a step's route starts loading with the step page: its kind's page and its form.
  '?step-loads': (flow) => Object.fromEntries(Object.entries(flow.steps).map(([id, step]) => [id, { kind: step.kind, ...(step.form ? { form: step.form } : {}) }])),
};

/** The module's value as code: a list of steps whose route is `/<id>` is written as their ids (fewer bytes on `/`). */
function moduleValue(value: unknown): string {
  const steps = value as Array<{ id: string; route: string }>;
  if (Array.isArray(steps) && steps.every((s) => s.route === `/${s.id}`)) return `${JSON.stringify(steps.map((s) => s.id))}.map((id) => ({ id, route: '/' + id }))`;
  return JSON.stringify(value);
}

/**
 * Vite plugin: `import steps from '.../onboarding.flow.json?step-routes'` (or `?step-loads`) is the flow's steps
 * reduced to what the route table needs. The route table is part of the first page; the whole flow (titles, texts,
 * conditions, transitions: about 3 KB of gzip script) loads with the wizard (src/ui/features/onboarding/flow-actor.ts).
 * The file stays the one source of the routes.
 */
export function flowStepRoutesPlugin(): { name: string; enforce: 'pre'; load(this: { addWatchFile(file: string): void }, id: string): { code: string; moduleType: 'js' } | null } {
  return {
    name: 'flow-step-routes',
    enforce: 'pre',
    load(id) {
      const query = Object.keys(VIEWS).find((q) => id.endsWith(q));
      if (!query) return null;
      const file = id.slice(0, -query.length);
      this.addWatchFile(file);
      const flow = JSON.parse(fs.readFileSync(file, 'utf8')) as FlowDefinition;
      return { code: `export default ${moduleValue(VIEWS[query](flow))};`, moduleType: 'js' };
    },
  };
}
