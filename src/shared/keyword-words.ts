import { fillText } from './fill-text.js';
import { REQUEST_TEXTS } from './request-texts.js';
import { fieldMessage } from './forms/field-message.js';
import type { JsonObject } from './forms/form-registry.js';

/** The parts of a validator's error (ajv's, or RJSF's copy of it: `name` for `keyword`) the words are chosen by. */
export interface KeywordError {
  keyword?: string;
  name?: string;
  params?: unknown;
}

/** The type a value should have had, in words (the first named: "string,null" wants text). */
function typeInWords(type: unknown): string | undefined {
  const first = String(type).split(',')[0];
  const words: Record<string, string> = { string: REQUEST_TEXTS.notText, integer: REQUEST_TEXTS.wholeNumber, number: REQUEST_TEXTS.notNumber, boolean: REQUEST_TEXTS.notTrueFalse, array: REQUEST_TEXTS.notList, object: REQUEST_TEXTS.notObject, null: REQUEST_TEXTS.notNull };
  return Object.hasOwn(words, first) ? words[first] : REQUEST_TEXTS.badValue;
}

/**
 * A schema keyword's failure said in words (forms/messages/requests.json), for a rule with no message of its own:
 * a route schema's, or a form's `type`, `enum` and option list, which no form field lets a person get wrong but a
 * call can. Undefined keeps the validator's message: a form's own (`errorMessage`).
 * The server's field errors (api-error.ts) and the browser's (SchemaForm, ui/forms/transform-errors.ts) both use it,
 * so the two sides say the same. Any other keyword (`multipleOf`, `not`, a custom one) gets the general words: the
 * validator's English ("must NOT have more than 50 properties") never reaches a person.
 */
export function keywordInWords(error: KeywordError): string | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = String(params.limit);
  switch (error.keyword ?? error.name) {
    case 'format':
      return params.format === 'date' ? REQUEST_TEXTS.realDate : REQUEST_TEXTS.badFormat;
    case 'pattern':
      return REQUEST_TEXTS.badFormat;
    case 'type':
      return typeInWords(params.type);
    case 'minimum':
      return fillText(REQUEST_TEXTS.atLeast, { limit });
    case 'maximum':
      return fillText(REQUEST_TEXTS.atMost, { limit });
    case 'exclusiveMinimum':
      return fillText(REQUEST_TEXTS.moreThan, { limit });
    case 'exclusiveMaximum':
      return fillText(REQUEST_TEXTS.lessThan, { limit });
    case 'minLength':
      return params.limit === 1 ? REQUEST_TEXTS.blankField : fillText(REQUEST_TEXTS.tooShort, { limit });
    case 'maxLength':
      return fillText(REQUEST_TEXTS.tooLong, { limit });
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return REQUEST_TEXTS.notListed;
    case 'required':
      return REQUEST_TEXTS.blankField;
    case 'additionalProperties':
      return fillText(REQUEST_TEXTS.unknownField, { field: String(params.additionalProperty) });
    case 'minItems':
    case 'minProperties':
      return fillText(REQUEST_TEXTS.tooFewItems, { limit });
    case 'maxItems':
    case 'maxProperties':
      return fillText(REQUEST_TEXTS.tooManyItems, { limit });
    case 'uniqueItems':
      return REQUEST_TEXTS.repeatedItem;
    case 'errorMessage':
      return undefined;
    default:
      return REQUEST_TEXTS.badValue;
  }
}

/** A field's own words for a failed keyword (its `errorMessage`), else the keyword's general words. */
export function ruleMessage(property: JsonObject | undefined, keyword: string, params?: Record<string, unknown>): string {
  return fieldMessage(property, keyword) ?? keywordInWords({ keyword, params }) ?? REQUEST_TEXTS.badValue;
}
