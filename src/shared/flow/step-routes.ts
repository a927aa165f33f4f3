import type { FlowDefinition } from './flow-types.js';
import type { StepParts } from './step-parts.js';
import type { JsonObject as Schema } from '../forms/form-registry.js';

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


/** A step that cannot share its endpoint with the others on it (the server cannot start; the checker reports it at that step). */
export class SharedEndpointError extends Error {
  constructor(
    message: string,
    /** The step to change (the flow file's step whose `submit.endpoint` the checker points at). */
    readonly step: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/**
 * The generic step routes, from the flow file: every form step whose `submit` names no server action gets
 * its endpoint, grouped by method and path. Steps sharing an endpoint are told apart by a field every one of
 * their forms fixes to a different `const` (address_type residential | mailing); without one the flow cannot
 * be served and this throws, naming the step to change. Given `conflicts`, it collects every such problem there
 * instead (the checker reports each at its step) and leaves the conflicting steps out.
 */
export function stepRoutes(flow: FlowDefinition, schemaOf: (formId: string) => Schema, conflicts?: SharedEndpointError[]): StepRoute[] {
  const fail = (error: SharedEndpointError) => {
    if (!conflicts) throw error;
    conflicts.push(error);
  };
  const routes = new Map<string, StepRoute>();
  // The endpoints a server action serves (createSignup's, submitApplication's, ...): a stored step cannot share one.
  const byAction = new Map<string, string>();
  for (const [id, step] of Object.entries(flow.steps)) if (step.submit?.action) byAction.set(`${step.submit.method} ${String(step.submit.endpoint).replace(/\/$/, '')}`, id);
  for (const [id, step] of Object.entries(flow.steps)) {
    if (!step.submit || step.submit.action || !step.form || (step.kind !== 'form' && step.kind !== 'checklist')) continue;
    const { method, endpoint, encoding = 'json' } = step.submit;
    const key = `${method} ${endpoint}`;
    const owner = byAction.get(`${method} ${String(endpoint).replace(/\/$/, '')}`);
    if (owner) {
      fail(new SharedEndpointError(`step "${id}" sends ${key}, which step "${owner}" has its server action (${flow.steps[owner].submit!.action}) answer: the server cannot serve both`, id, `Give "${id}" an endpoint of its own (a new one is served by the generic step route), e.g. "/${id}/".`));
      continue;
    }
    const route = routes.get(key) ?? { method, url: endpoint, encoding, targets: [] };
    if (route.encoding !== encoding) {
      const others = route.targets.map((t) => t.step).join(', ');
      fail(new SharedEndpointError(`step "${id}" sends ${key} as ${encoding}, and ${others} as ${route.encoding}: steps sharing an endpoint must send it the same way`, id, `Give "${id}" an endpoint of its own, or the same "encoding" as ${others}.`));
      continue;
    }
    route.targets.push({ step: id, form: step.form, parts: step.submit.parts });
    routes.set(key, route);
  }
  for (const route of routes.values()) {
    if (route.targets.length > 1) {
      try {
        route.pickBy = pickField(route, schemaOf);
      } catch (error) {
        if (!(error instanceof SharedEndpointError)) throw error;
        fail(error);
        routes.delete(`${route.method} ${route.url}`);
      }
    }
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
  // The field most of the steps already fix (address_type for the two addresses), and the step whose form does
  // not fix it to a value of its own: the one to change.
  const fields = [...new Set(route.targets.flatMap((t) => Object.keys(schemaOf(t.form).properties ?? {})))];
  const fixedBy = (field: string) => route.targets.filter((t) => constOf(t, field) !== undefined).length;
  const best = fields.filter((f) => fixedBy(f) > 0).sort((a, b) => fixedBy(b) - fixedBy(a))[0];
  const steps = route.targets.map((t) => t.step).join(', ');
  if (!best || fixedBy(best) < 2) {
    const last = route.targets[route.targets.length - 1];
    throw new SharedEndpointError(`steps ${steps} share ${route.method} ${route.url}, and no field of their forms tells them apart`, last.step, `Give each form a field with its own "const" (e.g. "address_type": { "const": "mailing" }), or give "${last.step}" an endpoint of its own.`);
  }
  const seen = new Set<string>();
  const odd = route.targets.find((t) => {
    const value = constOf(t, best);
    if (value === undefined || seen.has(value)) return true;
    seen.add(value);
    return false;
  })!;
  const value = constOf(odd, best);
  throw new SharedEndpointError(
    value === undefined
      ? `steps ${steps} share ${route.method} ${route.url}, told apart by "${best}", and the form of "${odd.step}" (${odd.form}) has no "${best}" with a "const" of its own`
      : `steps ${steps} share ${route.method} ${route.url}, told apart by "${best}", and the form of "${odd.step}" (${odd.form}) fixes it to "${value}" as another does`,
    odd.step,
    `Give forms/${odd.form}.schema.json a field "${best}" with a "const" no other step on ${route.url} uses, or give "${odd.step}" an endpoint of its own.`,
  );
}
