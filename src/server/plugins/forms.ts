import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { readFormsDir } from '../../shared/forms/read-forms-dir.js';
import { compiledOncePerProcess, createFormValidator, type FormValidator } from '../lib/form-validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The forms/ folder, read once at start: `schemaOf(formId)` and `validate(formId, body, context)`. */
    forms: FormValidator;
  }
}

/**
 * Reads forms/ once (CONFIG_ROOT's when set) and decorates `app.forms`: every route validates a body with the
 * same schema the browser's validators were built from, compiled once per form for the whole app.
 */
export default fp(
  async function formsPlugin(app: FastifyInstance) {
    app.decorate('forms', createFormValidator({ sources: readFormsDir(), ajv: compiledOncePerProcess(() => app.bodyAjv), clock: app.clock }));
  },
  { name: 'forms', dependencies: ['config'] },
);
