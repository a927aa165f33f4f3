import type { FlowDefinition } from '../flow/flow-types.js';
import type { Problem } from './check-config.js';
import { pointer } from './schema-walk.js';

/**
 * The step whose endpoint makes the server refuse to start because the app already answers that call itself
 * (Fastify's "Method 'POST' already declared for route '/api/users/'": a step given POST /users/, the administrator's
 * create-user call), as a problem at the step's `submit.endpoint`; undefined for any other start failure.
 */
export function routeClashAtStep(message: string, flowFile: string, flow: FlowDefinition | undefined): Problem | undefined {
  const clash = /Method '([A-Z]+)' already declared for route '([^']+)'/.exec(message);
  if (!clash || !flow?.steps) return undefined;
  const [, method, url] = clash;
  const bare = (u: string) => u.replace(/\/$/, '');
  const step = Object.entries(flow.steps).find(([, s]) => s.submit?.method === method && bare(`/api${s.submit.endpoint}`) === bare(url))?.[0];
  if (!step) return undefined;
  return {
    file: flowFile,
    path: pointer(['steps', step, 'submit', 'endpoint']),
    message: `${method} ${url} is a call the app answers itself: the server cannot also serve step "${step}" there, and does not start`,
    hint: `Give "${step}" an endpoint of its own (a new one is served by the generic step route), e.g. "/${step}/".`,
  };
}
