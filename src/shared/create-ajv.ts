import Ajv, { _, stringify, type KeywordCxt, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';

/**
 * Keywords our form schemas use beyond JSON Schema; the browser and the server both know them. `x-office` on a list's
 * option: the office (lists/offices.json) of the online user an approval creates for an applicant who chose it.
 */
export const CUSTOM_KEYWORDS = ['maxFileSize', 'fileTypes', 'x-transform', 'x-office'] as const;

/**
 * `totalPercent: { field, equals }` on an array of objects: the list is empty or the items' `field` values
 * add up to exactly `equals` (to 0.01) -- the beneficiaries' 100% rule. Written as generated code, not a
 * function, so the browser's precompiled validators carry it too.
 */
function addTotalPercentKeyword(ajv: Ajv): void {
  if (ajv.getKeyword('totalPercent')) return;
  ajv.addKeyword({
    keyword: 'totalPercent',
    type: 'array',
    schemaType: 'object',
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      const field = String(schema.field);
      const target = Math.round(Number(schema.equals) * 100);
      cxt.fail(
        _`${data}.length > 0 && Math.round(${data}.reduce((s, i) => s + (i && typeof i[${field}] === "number" ? i[${field}] : 0), 0) * 100) !== ${target}`,
      );
    },
  });
}

/**
 * `uniqueBy: [field, ...]` on an array of objects: no two items have the same values in all those fields (text
 * compared without regard to case or surrounding spaces) -- one beneficiary listed twice under the same ID. Generated
 * code, like totalPercent, so the browser's precompiled validators carry it.
 */
function addUniqueByKeyword(ajv: Ajv): void {
  if (ajv.getKeyword('uniqueBy')) return;
  ajv.addKeyword({
    keyword: 'uniqueBy',
    type: 'array',
    schemaType: 'array',
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      const fields = stringify(schema);
      const key = _`(i) => ${fields}.map((f) => (i && typeof i === "object" && typeof i[f] === "string" ? i[f].trim().toUpperCase() : JSON.stringify(i && typeof i === "object" ? i[f] : undefined))).join("\u0000")`;
      cxt.fail(_`new Set(${data}.map(${key})).size !== ${data}.length`);
    },
  });
}

/**
 * A calendar date, YYYY-MM-DD, in years 0001-9999 (leap days included): ajv-formats' `date` also takes year 0000, which
 * the calendar lacks and Postgres refuses. A regular expression, so the browser's precompiled validators carry it.
 */
export const CALENDAR_DATE =
  /^(?!0000)(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/;

/** Adds the project's formats, ajv-errors messages and custom keywords to an ajv instance. */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  ajv.addFormat('date', CALENDAR_DATE);
  ajvErrors(ajv);
  addTotalPercentKeyword(ajv);
  addUniqueByKeyword(ajv);
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
      // NaN and Infinity (JSON's 1e400) are not numbers a form accepts.
      strictNumbers: true,
      // `multipleOf: 0.01` (cents, two-decimal percentages) compared within a billionth, so 150.1 (15009.999999999998
      // hundredths in binary) is a whole number of cents and 150.123 is not.
      multipleOfPrecision: 9,
      ...options,
    }),
  );
}
