import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';

/** Keywords our form schemas use beyond JSON Schema; the browser and the server both know them. */
export const CUSTOM_KEYWORDS = ['maxFileSize', 'fileTypes', 'x-transform'] as const;

/** Adds the project's formats, ajv-errors messages and custom keywords to an ajv instance. */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  ajvErrors(ajv);
  for (const keyword of CUSTOM_KEYWORDS) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, schemaType: ['number', 'array', 'string', 'object'] });
  }
  return ajv;
}

/** The one ajv factory: allErrors (for ajv-errors), formats, messages; used by the server and the precompiler. */
export function createAjv(options: Options = {}): Ajv {
  return extendAjv(
    new Ajv({
      allErrors: true,
      // $data references let one field's rule read another's value (verify_password: const {$data: '1/password'}).
      $data: true,
      strict: false,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
      ...options,
    }),
  );
}
