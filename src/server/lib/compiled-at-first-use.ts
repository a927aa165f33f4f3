import type { ValidateFunction } from 'ajv';

/**
 * A route's validator that compiles its schema at its first request (app.ts: compiling every route's at start
 * cost about a second and a half of `npm start`). It is called as Fastify calls ajv's own: with the request as
 * parent data (`schemaEnv` tells Fastify to pass it, so coercion and defaults can replace a query's root), and
 * ajv's errors are read from it afterwards.
 */
export function compiledAtFirstUse(compile: () => ValidateFunction, all?: Array<() => ValidateFunction>): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  all?.push(() => (compiled ??= compile()));
  const run = ((data: unknown, dataCxt?: Parameters<ValidateFunction>[1]) => {
    compiled ??= compile();
    const valid = compiled(data, dataCxt);
    run.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  Object.defineProperty(run, 'schemaEnv', { get: () => (compiled ??= compile()).schemaEnv });
  return run;
}
