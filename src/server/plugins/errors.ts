import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.js';
import { ajvErrorsToFieldErrors, type ApiErrorBody } from '../../shared/api-error.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../shared/messages.js';
import { API_TEXTS } from '../lib/api-texts.js';

/** Builds the one error body every failed answer carries. */
export function errorBody(status: number, message: string, requestId: string, errors?: Record<string, string>): ApiErrorBody {
  return { status, message, detail: message, ...(errors && Object.keys(errors).length ? { errors } : {}), request_id: requestId };
}

const UNIQUE_VIOLATION = '23505';
/**
 * Postgres class 22 (data exception: a value out of range for its column, text the encoding cannot hold,
 * an impossible date): the input was bad, not the server. The input guard and the schemas stop these
 * before the database; this is the net behind them, so bad input is never a 500.
 */
const isDataException = (code: unknown) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

type AppError = FastifyError & { code?: string; constraint?: string };

/** The route takes multipart/form-data (a step with documents), not JSON. */
function readsMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/** The answer to an error, in the one error shape: the app's error handler, and a route's own handler's last step. */
export function answerError(app: FastifyInstance, error: AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, request.id, error.errors));
  }
  if (error.validation) {
    // A route schema's keyword without its own message (a query's date, a code's length, an operation's enum) is said in
    // words by ajvErrorsToFieldErrors, not in ajv's English ("must match format", "must be >= 1", "must be string,null").
    const errors = ajvErrorsToFieldErrors(error.validation);
    const where = error.validationContext ?? 'body';
    // A body that is not an object at all (null, an array, a string, a number): said in words, not as ajv's "must be object".
    if (where === 'body' && error.validation.some((e) => e.instancePath === '' && e.keyword === 'type')) {
      return reply.status(400).send(errorBody(400, API_TEXTS.bodyNotObject, request.id));
    }
    const general = errors._root ?? (where === 'querystring' ? REQUEST_TEXTS.fixQuery : where === 'params' ? REQUEST_TEXTS.fixPath : REQUEST_TEXTS.fixFields);
    return reply.status(400).send(errorBody(400, general, request.id, errors));
  }
  if (error.code === UNIQUE_VIOLATION) {
    const which = `${error.constraint ?? ''} ${error.message ?? ''}`.toLowerCase();
    const field = which.includes('mobile') ? 'mobile' : which.includes('email') ? 'email' : undefined;
    const message =
      field === 'mobile'
        ? REQUEST_TEXTS.mobileTaken
        : field === 'email'
          ? REQUEST_TEXTS.emailTaken
          : REQUEST_TEXTS.alreadyRegistered;
    return reply.status(409).send(errorBody(409, message, request.id, field ? { [field]: message } : undefined));
  }
  if (isDataException(error.code) && !error.statusCode) {
    request.log.warn({ code: error.code, route: request.routeOptions.url }, 'bad input reached the database');
    return reply.status(400).send(errorBody(400, REQUEST_TEXTS.badValue, request.id));
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status < 500) {
    const messages: Record<number, string> = {
      400: error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? API_TEXTS.notJson : REQUEST_TEXTS.invalidRequest,
      413: API_TEXTS.tooLarge,
      // No parser for the body's type (multipart/mixed, a form-urlencoded or octet-stream body): a step with documents
      // reads multipart/form-data (its schema `consumes` it), every other route JSON.
      415: readsMultipart(request) ? ONBOARDING_TEXTS.notMultipart : API_TEXTS.jsonOnly,
    };
    return reply.status(status).send(errorBody(status, messages[status] ?? error.message, request.id));
  }
  request.log.error({ err: error }, 'unhandled error');
  // The shared counters are out of reach, or did not answer in time: the call was neither counted nor served; the
  // client may retry.
  if (app.hasDecorator('counters') && app.counters.failedCount(error)) {
    return reply.status(503).header('retry-after', '5').send(errorBody(503, REQUEST_TEXTS.briefOutage, request.id));
  }
  return reply.status(500).send(errorBody(500, REQUEST_TEXTS.serverError, request.id));
}

/** One error shape for every answer; 5xx answers carry a request id and nothing of the internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: AppError, request, reply) => answerError(app, error, request, reply));
  },
  { name: 'errors' },
);
