import type { FlowDefinition } from './flow-types.js';
import type { StepParts } from './step-parts.js';

/** A step a call stores: its id in the flow file and its form (forms/<form>.schema.json). */
export interface StepTarget {
  step: string;
  form: string;
  /** The step may also arrive one record per call (the flow's `submit.parts`). */
  parts?: StepParts;
}

/** One endpoint; when several steps share it (addresses, identifications) a field of their forms picks the step. */
export interface StepRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  encoding: 'json' | 'multipart';
  targets: StepTarget[];
  /** The body field whose value picks the target (each target's form declares it with its own `const`). */
  pickBy?: { field: string; values: Record<string, StepTarget> };
}

import type { JsonObject as Schema } from '../forms/form-registry.js';

/** Steps that cannot share their endpoint (the server cannot start; the checker reports it at the last of them). */
export class SharedEndpointError extends Error {
  constructor(
    message: string,
    readonly steps: string[],
  ) {
    super(message);
  }
}

/**
 * The generic step routes, from the flow file: every form step whose `submit` names no server action gets
 * its endpoint, grouped by method and path. Steps sharing an endpoint are told apart by a field every one of
 * their forms fixes to a different `const` (address_type residential | mailing); without one the flow cannot
 * be served and this throws, naming the steps (the checker reports it at the flow file's step).
 */
export function stepRoutes(flow: FlowDefinition, schemaOf: (formId: string) => Schema): StepRoute[] {
  const routes = new Map<string, StepRoute>();
  for (const [id, step] of Object.entries(flow.steps)) {
    if (!step.submit || step.submit.action || !step.form || (step.kind !== 'form' && step.kind !== 'checklist')) continue;
    const { method, endpoint, encoding = 'json' } = step.submit;
    const key = `${method} ${endpoint}`;
    const route = routes.get(key) ?? { method, url: endpoint, encoding, targets: [] };
    if (route.encoding !== encoding) throw new SharedEndpointError(`Steps ${route.targets.map((t) => t.step).join(', ')} and ${id} share ${key} with different encodings.`, [...route.targets.map((t) => t.step), id]);
    route.targets.push({ step: id, form: step.form, parts: step.submit.parts });
    routes.set(key, route);
  }
  for (const route of routes.values()) {
    if (route.targets.length > 1) route.pickBy = pickField(route, schemaOf);
  }
  return [...routes.values()];
}

function pickField(route: StepRoute, schemaOf: (formId: string) => Schema): StepRoute['pickBy'] {
  const constOf = (target: StepTarget, field: string) => {
    const value = schemaOf(target.form).properties?.[field]?.const;
    return typeof value === 'string' ? value : undefined;
  };
  const candidates = Object.keys(schemaOf(route.targets[0].form).properties ?? {});
  for (const field of candidates) {
    const values = route.targets.map((t) => constOf(t, field));
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) {
      return { field, values: Object.fromEntries(route.targets.map((t, i) => [values[i]!, t])) };
    }
  }
  throw new SharedEndpointError(
    `Steps ${route.targets.map((t) => t.step).join(', ')} share ${route.method} ${route.url}, but no field of their forms tells them apart: give each form a field with its own "const" (e.g. address_type).`,
    route.targets.map((t) => t.step),
  );
}
