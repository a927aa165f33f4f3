import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { dayRange, shiftDay } from '../../lib/day-bounds.js';
import { today } from '../../../shared/dates/today.js';
import { ADMIN_TEXTS, ONBOARDING_TEXTS } from '../../../shared/messages.js';
import { factInWords } from '../../../shared/facts/declared-facts.js';
import { factsUsedByConditions, stepsInWalkOrder } from '../../../shared/flow/walk-flow.js';
import { VISIT_PATTERN } from '../../../shared/funnel.js';
import { configVersions, dropOffs, refusedFields, stepFigures, visitOutcomes } from './funnel.repository.js';

/** The window the report covers when none is asked for. */
const DEFAULT_DAYS = 30;

const eventBody = {
  type: 'object',
  additionalProperties: false,
  required: ['visit', 'step', 'event'],
  properties: {
    visit: { type: 'string', pattern: VISIT_PATTERN },
    step: { type: 'string', minLength: 1, maxLength: 100 },
    event: { enum: ['entered', 'left', 'submitted'] },
    facts: { type: 'object', maxProperties: 50, additionalProperties: { type: 'boolean' } },
  },
} as const;

const reportQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    version: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
} as const;


const reportResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'version', 'versions', 'starts', 'applications', 'steps', 'refused_fields', 'paths'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    version: { type: ['string', 'null'] },
    versions: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { hash: { type: 'string' }, first_seen_on: { type: 'string' }, last_seen_on: { type: 'string' }, current: { type: 'boolean' } } },
    },
    starts: { type: 'integer' },
    applications: { type: 'integer' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          step: { type: 'string' },
          title: { type: 'string' },
          reached: { type: 'integer' },
          completed: { type: 'integer' },
          dropped: { type: 'integer' },
          refusals: { type: 'integer' },
          median_seconds: { type: ['number', 'null'] },
        },
      },
    },
    refused_fields: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { step: { type: 'string' }, title: { type: 'string' }, field: { type: 'string' }, refusals: { type: 'integer' } } },
    },
    paths: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { path: { type: 'string' }, visits: { type: 'integer' }, completed: { type: 'integer' }, rate: { type: 'number' } } },
    },
  },
} as const;

/**
 * The onboarding funnel (DESIGN.md "Funnel events"): the wizard reports a step entered and left (and done, for a
 * step without a call of its own)
 * (POST /funnel/events, anonymous, the visit's random id and the applicant's true/false facts only); the
 * step calls themselves are counted by the funnel plugin. Administrators read the report (GET /funnel).
 */
export default async function funnelRoutes(app: FastifyInstance) {
  await registerIpRateLimit(app);

  app.post('/funnel/events', {
    // 202: queued, written within a second (plugins/funnel.ts).
    schema: { body: eventBody, response: { 202: { type: 'object', required: ['status'], properties: { status: { const: 'accepted' } } }, ...errorResponses } },
    config: ipLimit({ max: 240, timeWindow: 60_000 }, ONBOARDING_TEXTS.tooManyRequests),
    handler: async (request, reply) => {
      const body = request.body as { visit: string; step: string; event: 'entered' | 'left' | 'submitted'; facts?: Record<string, boolean> };
      const flow = onboardingFlow();
      if (!flow.steps[body.step]) throw badRequest(ADMIN_TEXTS.funnelUnknownStep, { step: ADMIN_TEXTS.funnelUnknownStep });
      // A step's call is counted by the server as it answers; the wizard reports only steps that make none.
      if (body.event === 'submitted' && flow.steps[body.step].submit) throw badRequest(ADMIN_TEXTS.funnelCountedByServer, { event: ADMIN_TEXTS.funnelCountedByServer });
      const declared = new Set(Object.keys(flow.facts ?? {}));
      const facts = body.facts ? Object.fromEntries(Object.entries(body.facts).filter(([name]) => declared.has(name))) : null;
      app.funnel.record({ visit: body.visit, step: body.step, event: body.event, facts });
      return reply.status(202).send({ status: 'accepted' });
    },
  });

  app.get('/funnel', {
    onRequest: app.requireAdmin,
    schema: { querystring: reportQuery, response: { 200: reportResponse, ...errorResponses } },
    handler: async (request) => {
      const query = request.query as { from?: string; to?: string; version?: string };
      const to = query.to ?? today(app.clock.now());
      const from = query.from ?? shiftDay(to, -(DEFAULT_DAYS - 1));
      if (from > to) throw badRequest(ADMIN_TEXTS.funnelReversedDates, { from: ADMIN_TEXTS.funnelReversedDates });
      // What is still queued is counted too.
      await app.funnel.flush();
      // The days are the credit union's (its time zone), as `today` is: from the first one's midnight there to the end of the last.
      const bounds = dayRange(app.config.timeZone, { from, to });
      const filter = { from: bounds.from!, to: bounds.before!, version: query.version };
      const [figures, drops, fields, outcomes, versions] = await Promise.all([stepFigures(app.db, filter), dropOffs(app.db, filter), refusedFields(app.db, filter), visitOutcomes(app.db, filter), configVersions(app.db)]);
      const flow = onboardingFlow();
      const title = (step: string) => flow.steps[step]?.title ?? step;
      const byStep = new Map(figures.map((r) => [r.step, r]));
      const dropped = new Map(drops.map((r) => [r.step, r.visits]));
      const steps = stepsInWalkOrder(flow)
        .filter((id) => byStep.has(id) || dropped.has(id))
        .map((id) => {
          const r = byStep.get(id);
          return { step: id, title: title(id), reached: r?.reached ?? 0, completed: r?.completed ?? 0, dropped: dropped.get(id) ?? 0, refusals: r?.refusals ?? 0, median_seconds: r?.median_seconds ?? null };
        });
      // Completion by path: the facts the flow's conditions test, in words ("a minor, not an existing customer, ...").
      const names = factsUsedByConditions(flow);
      const pathOf = (facts: Record<string, boolean> | null) =>
        names
          .filter((n) => typeof facts?.[n] === 'boolean')
          .map((n) => factInWords(n, flow.facts?.[n], facts![n]))
          .join(', ') || 'not known';
      const paths = new Map<string, { visits: number; completed: number }>();
      for (const o of outcomes) {
        const p = paths.get(pathOf(o.facts)) ?? { visits: 0, completed: 0 };
        p.visits += 1;
        if (o.finished) p.completed += 1;
        paths.set(pathOf(o.facts), p);
      }
      return {
        from,
        to,
        version: query.version ?? null,
        versions: versions.map((v) => ({ hash: v.hash, first_seen_on: new Date(v.first_seen_on).toISOString(), last_seen_on: new Date(v.last_seen_on).toISOString(), current: v.hash === app.configVersion })),
        starts: byStep.get(flow.initial)?.reached ?? 0,
        applications: outcomes.filter((o) => o.finished).length,
        steps,
        refused_fields: fields.map((f) => ({ ...f, title: title(f.step) })),
        paths: [...paths.entries()].map(([path, p]) => ({ path, ...p, rate: p.visits ? Math.round((p.completed / p.visits) * 1000) / 10 : 0 })).sort((a, b) => b.visits - a.visits),
      };
    },
  });
}
