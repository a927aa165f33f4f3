import fs from 'node:fs';
import type { FlowDefinition } from '../../src/shared/flow/flow-types';

const QUERY = '?step-routes';

/**
 * Vite plugin: `import steps from '.../onboarding.flow.json?step-routes'` is the flow's steps reduced to what the
 * route table needs (id, route, kind, form), in file order. The route table is part of the first page; the whole
 * flow (titles, texts, conditions, transitions: about 3 KB of gzip script) loads with the wizard
 * (src/ui/features/onboarding/flow-actor.ts). The file stays the one source of the routes.
 */
export function flowStepRoutesPlugin(): { name: string; enforce: 'pre'; load(this: { addWatchFile(file: string): void }, id: string): { code: string; moduleType: 'js' } | null } {
  return {
    name: 'flow-step-routes',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const flow = JSON.parse(fs.readFileSync(file, 'utf8')) as FlowDefinition;
      const steps = Object.entries(flow.steps).map(([id, step]) => ({ id, route: step.route, kind: step.kind, ...(step.form ? { form: step.form } : {}) }));
      return { code: `export default ${JSON.stringify(steps)};`, moduleType: 'js' };
    },
  };
}
