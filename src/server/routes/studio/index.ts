import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { configRoot } from '../../../shared/forms/read-forms-dir.js';
import { readJsonFile } from '../../../shared/config-check/json-source.js';
import type { FlowDefinition } from '../../../shared/flow/flow-types.js';
import type { ApplicantContext } from '../../../shared/facts/applicant-context.js';
import { configProblems } from '../../plugins/config-check.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';

/** Form ids under forms/ (`<area>/<form-id>` for every `*.schema.json`), read now. */
function formIdsIn(root: string): string[] {
  const dir = path.join(root, 'forms');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.schema.json') && !e.name.endsWith('.meta.schema.json'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/').replace(/\.schema\.json$/, ''))
    .sort();
}

const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** A checker problem as `npm run config:check` prints it. */
const problemSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { file: { type: 'string' }, path: { type: 'string' }, message: { type: 'string' }, hint: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' } },
} as const;
const configurationAnswer = {
  type: 'object',
  required: ['flow', 'forms', 'problems'],
  properties: { flow: { type: ['object', 'null'], additionalProperties: true }, forms: { type: 'array', items: { type: 'string' } }, problems: { type: 'array', items: problemSchema } },
} as const;
const formAnswer = {
  type: 'object',
  required: ['id', 'files', 'schema', 'uiSchema', 'problems'],
  properties: {
    id: { type: 'string' },
    files: { type: 'object', properties: { schema: { type: 'string' }, uiSchema: { type: 'string' } } },
    schema: { type: 'string', description: 'The file as written' },
    uiSchema: { type: ['string', 'null'] },
    problems: { type: 'array', items: problemSchema },
  },
} as const;
const verdictAnswer = {
  type: 'object',
  required: ['step', 'accepted'],
  properties: {
    step: { type: 'string' },
    form: { type: 'string' },
    endpoint: { type: 'string' },
    accepted: { type: 'boolean' },
    message: { type: 'string' },
    data: { type: 'object', additionalProperties: true },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/**
 * The analyst studio's API (/dev/studio): the configuration as it is on disk now with the checker's messages, one
 * form's files, and a scratch verdict on a step's body. Development: open to everyone, like the outbox. Production:
 * only an administrator whose role has `can_use_studio` (404 to anyone else, so the tool is not advertised; 403 to
 * an administrator without the flag). Nothing here writes anything.
 */
export default async function studioRoutes(app: FastifyInstance) {
  // onRequest, before the body or query is read: a guard after validation answered a malformed request with 400 and
  // the fields the studio takes, to anyone, in production too.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (app.config.devTools) return;
    try {
      await app.requireAdmin(request);
    } catch {
      throw notFound();
    }
    const role = await app.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('roles.can_use_studio')
      .where('users.id', '=', request.user!.id)
      .executeTakeFirst();
    if (!role?.can_use_studio) throw forbidden('Your role does not include the studio.');
  });

  // Read at every call, not at start: the studio shows an edit as soon as the file is saved.
  app.get('/configuration', { schema: { response: { 200: configurationAnswer, ...errorResponses } } }, async () => {
    const root = configRoot();
    const { problems } = configProblems(root);
    let flow: FlowDefinition | null = null;
    try {
      flow = readJsonFile(path.join(root, 'flows/onboarding.flow.json'), 'flows/onboarding.flow.json', (f) => fs.readFileSync(f, 'utf8')) as FlowDefinition;
    } catch {
      // broken JSON: the checker's problems say where
    }
    return { flow, forms: formIdsIn(root), problems };
  });

  app.get('/form', { schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string', pattern: '^[a-z0-9-]+/[a-z0-9-]+$', maxLength: 200 } } }, response: { 200: formAnswer, ...errorResponses } } }, async (request) => {
    const { id } = request.query as { id: string };
    const root = configRoot();
    const files = { schema: `forms/${id}.schema.json`, uiSchema: `forms/${id}.ui.json` };
    const schema = readText(path.join(root, files.schema));
    if (schema === null) throw notFound(`No form ${id}: forms/${id}.schema.json does not exist.`);
    const problems = configProblems(root).problems.filter((p) => p.file === files.schema || p.file === files.uiSchema);
    return { id, files, schema, uiSchema: readText(path.join(root, files.uiSchema)), problems };
  });

  // The step route's validation (app.forms, the same call the step's route makes) with the persona's context in
  // place of what the server would hold about a real applicant; the body is checked and forgotten.
  app.post(
    '/verdict',
    {
      schema: {
        body: {
          type: 'object',
          required: ['step', 'body'],
          additionalProperties: false,
          properties: { step: { type: 'string', maxLength: 200 }, applicant: { type: 'object' }, body: { type: 'object' } },
        },
        response: { 200: verdictAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { step: stepId, applicant = {}, body } = request.body as { step: string; applicant?: ApplicantContext; body: Record<string, unknown> };
      const step = onboardingFlow().steps[stepId];
      if (!step) throw badRequest(`The flow has no step "${stepId}".`, { step: 'Unknown step.' });
      if (!step.form || !step.submit) return { step: stepId, accepted: true, message: 'This step sends no form to the server.' };
      const { signup_id: _transport, ...data } = body;
      try {
        const valid = app.forms.validate(step.form, data, applicant);
        return { step: stepId, form: step.form, endpoint: `${step.submit.method} /api${step.submit.endpoint}`, accepted: true, data: valid };
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        return { step: stepId, form: step.form, endpoint: `${step.submit.method} /api${step.submit.endpoint}`, accepted: false, message: error.message, errors: error.errors ?? {} };
      }
    },
  );
}
