import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { readFormsDir } from '../../shared/forms/read-forms-dir.js';
import { createFormValidator, type FormValidator } from '../lib/form-validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The forms/ folder, read once at start: `schemaOf(formId)` and `validate(formId, body, context)`. */
    forms: FormValidator;
  }
}

/**
 * A form's compiled validator by the schema's text, for every app the process builds: each app's body ajv is made
 * with the same options (createAjv), so a schema compiled by one validates alike in another. A server builds one app,
 * so this changes nothing there; the tests build one a file, and compiled every form again for each.
 */
const compiledBySchema = new Map<string, ValidateFunction>();

/**
 * Reads forms/ once (CONFIG_ROOT's when set) and decorates `app.forms`: every route validates a body with the
 * same schema the browser's validators were built from, compiled once per form for the whole app.
 */
export default fp(
  async function formsPlugin(app: FastifyInstance) {
    const compiler = {
      compile(schema: object): ValidateFunction {
        const text = JSON.stringify(schema);
        let validate = compiledBySchema.get(text);
        if (!validate) compiledBySchema.set(text, (validate = app.bodyAjv.compile(schema)));
        return validate;
      },
    };
    app.decorate('forms', createFormValidator({ sources: readFormsDir(), ajv: compiler, clock: app.clock }));
  },
  { name: 'forms', dependencies: ['config'] },
);
