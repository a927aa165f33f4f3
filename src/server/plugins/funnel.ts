import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onboardingFlow } from '../lib/onboarding-flow.js';
import { FUNNEL_STEP_HEADER, FUNNEL_VISIT_HEADER, VISIT_PATTERN, type FunnelEventName } from '../../shared/funnel.js';

export interface FunnelEvent {
  visit: string | null;
  step: string;
  event: FunnelEventName;
  fields?: string[] | null;
  facts?: Record<string, boolean> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The onboarding funnel (DESIGN.md "Funnel events"): `record` queues an event, written in batches. */
    funnel: { record(event: FunnelEvent): void; flush(): Promise<void> };
  }
}

/** Events are written together, at most this long after they happen (or sooner when this many wait). */
const FLUSH_MS = 1000;
const BATCH = 500;
const visitPattern = new RegExp(VISIT_PATTERN);

/**
 * Records the onboarding funnel without slowing the wizard: events wait in memory and are written in one
 * insert per batch (a crash loses at most the last second of counts, never an application). A flow step's
 * call is counted on its way out: accepted (`submitted`, or `application_submitted` for the success step) or
 * refused with the names of the fields at fault (a 400), from the visit and step the wizard names in its
 * headers (a client without them: the step is the one the flow sends to that endpoint, when only one does).
 */
async function funnelPlugin(app: FastifyInstance) {
  let queue: Array<FunnelEvent & { occurred_on: Date; config_version: string }> = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (!batch.length) return writing;
    // The batch as one JSON parameter, which Postgres turns into rows: building and binding 7 parameters an event
    // (3,500 for a full batch) cost the server more than the insert.
    const rows = JSON.stringify(batch.map((e) => ({ ...e, fields: e.fields ?? null, facts: e.facts ?? null })));
    writing = writing.then(() =>
      sql`insert into funnel_events (occurred_on, visit, step, event, fields, facts, config_version)
          select occurred_on, visit, step, event, fields, facts, config_version
            from jsonb_to_recordset(cast(${rows} as jsonb)) as e(occurred_on timestamptz, visit text, step text, event text, fields text[], facts jsonb, config_version text)`
        .execute(app.db)
        .then(() => undefined)
        .catch((error: Error) => app.log.warn({ err: error, events: batch.length }, 'funnel events not recorded')),
    );
    return writing;
  };

  const record = (event: FunnelEvent) => {
    if (!app.config.funnelEvents) return;
    queue.push({ ...event, occurred_on: app.clock.now(), config_version: app.configVersion });
    if (queue.length >= BATCH) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
  };
  app.decorate('funnel', { record, flush });
  app.addHook('onClose', async () => {
    await flush();
  });

  // The flow's calls: `METHOD /api<endpoint>` -> the steps that send it, and which of them is the final submission.
  // A flow file that does not read (development shows its problem on its steps) counts nothing.
  let flow: ReturnType<typeof onboardingFlow> = { steps: {} } as ReturnType<typeof onboardingFlow>;
  try {
    flow = onboardingFlow();
  } catch {
    app.log.warn('the funnel counts no step calls: the flow file does not read');
  }
  const stepsByCall = new Map<string, string[]>();
  for (const [id, step] of Object.entries(flow.steps)) {
    if (!step.submit) continue;
    const key = `${step.submit.method.toUpperCase()} /api${step.submit.endpoint}`;
    stepsByCall.set(key, [...(stepsByCall.get(key) ?? []), id]);
  }
  const stepOf = (request: FastifyRequest): string | undefined => {
    const steps = stepsByCall.get(`${request.method} ${request.routeOptions.url}`);
    if (!steps) return undefined;
    const named = request.headers[FUNNEL_STEP_HEADER];
    if (typeof named === 'string' && steps.includes(named)) return named;
    return steps.length === 1 ? steps[0] : undefined;
  };

  if (!app.config.funnelEvents) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const step = stepOf(request);
    if (!step) return payload;
    const header = request.headers[FUNNEL_VISIT_HEADER];
    const visit = typeof header === 'string' && visitPattern.test(header) ? header : null;
    if (reply.statusCode < 300) {
      record({ visit, step, event: flow.steps[step].kind === 'success' ? 'application_submitted' : 'submitted' });
    } else if (reply.statusCode === 400) {
      record({ visit, step, event: 'refused', fields: refusedFields(payload) });
    }
    return payload;
  });
}

/** The field names of a 400's `errors` (never the messages' values: they may quote what was typed). */
function refusedFields(payload: unknown): string[] {
  if (typeof payload !== 'string') return [];
  try {
    const errors = (JSON.parse(payload) as { errors?: Record<string, unknown> }).errors;
    return errors && typeof errors === 'object' ? Object.keys(errors).slice(0, 50) : [];
  } catch {
    return [];
  }
}

export default fp(funnelPlugin, { name: 'funnel', dependencies: ['config', 'db', 'config-version'] });
