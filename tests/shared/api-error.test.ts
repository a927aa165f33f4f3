import { createAjv } from '../../src/shared/create-ajv';
import { ajvErrorsToFieldErrors } from '../../src/shared/api-error';
import { fillText } from '../../src/shared/fill-text';
import { REQUEST_TEXTS } from '../../src/shared/messages';
import { unknownFieldMessage } from '../helpers/form-messages';

describe('ajvErrorsToFieldErrors', () => {
  const ajv = createAjv();
  const validate = ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['email', 'amount'],
    properties: {
      email: { type: 'string', format: 'email', errorMessage: { format: 'Please enter a valid email address' } },
      amount: { type: 'integer', minimum: 1 },
      address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
    },
    errorMessage: { required: { email: 'Email is required' } },
  });

  it('puts required messages (from ajv-errors) under the missing field', () => {
    validate({ amount: 5 });
    expect(ajvErrorsToFieldErrors(validate.errors)).toEqual({ email: 'Email is required' });
  });

  it('maps format, nested required and unknown fields to their paths', () => {
    validate({ email: 'nope', amount: 0, address: {}, role_id: 1 });
    const errors = ajvErrorsToFieldErrors(validate.errors);
    expect(errors.email).toBe('Please enter a valid email address');
    // A rule without a message of its own is said in words, never in ajv's English ("must be >= 1").
    expect(errors.amount).toBe(fillText(REQUEST_TEXTS.atLeast, { limit: '1' }));
    expect(errors['address.city']).toBe(REQUEST_TEXTS.blankField);
    expect(errors.role_id).toBe(unknownFieldMessage('role_id'));
  });
});

describe("a form's rule without a message of its own, on both sides", () => {
  it("says a wrong type, an unlisted option and a length in words, on the server and in the browser alike", async () => {
    const { formErrorsToFieldErrors } = await import('../../src/shared/forms/move-required-errors');
    const validate = createAjv().compile({
      type: 'object',
      properties: {
        address_line_2: { type: 'string', maxLength: 5 },
        title: { type: 'string', oneOf: [{ const: 'Mr', title: 'Mr' }, { const: 'Ms', title: 'Ms' }] },
        consent: { type: 'boolean' },
      },
    });
    expect(validate({ address_line_2: 12345, title: 'Dr', consent: 'yes' })).toBe(false);
    const words = { address_line_2: REQUEST_TEXTS.notText, title: REQUEST_TEXTS.notListed, consent: REQUEST_TEXTS.notTrueFalse };
    expect(ajvErrorsToFieldErrors(validate.errors)).toEqual(words);
    // The browser's copy of the same errors (RJSF names the keyword `name` and the field `property`).
    const rjsf = validate.errors!.map((e) => ({ name: e.keyword, params: e.params, message: e.message, property: e.instancePath.replace(/\//g, '.'), stack: String(e.message) }));
    expect(formErrorsToFieldErrors(rjsf)).toEqual(words);
    expect(validate({ address_line_2: '123456' })).toBe(false);
    expect(ajvErrorsToFieldErrors(validate.errors)).toEqual({ address_line_2: fillText(REQUEST_TEXTS.tooLong, { limit: '5' }) });
  });
});

describe('ajvErrorsToFieldErrors and if/then', () => {
  it("never reports ajv's 'must match \"then\" schema': the branch's own message is under its field", async () => {
    const { createAjv } = await import('../../src/shared/create-ajv');
    const validate = createAjv().compile({
      type: 'object',
      properties: { is_pep: { type: 'boolean' }, job_title: { type: 'string' } },
      allOf: [{ if: { properties: { is_pep: { const: true } }, required: ['is_pep'] }, then: { required: ['job_title'], errorMessage: { required: { job_title: 'Job title is required if you are a PEP or related to one.' } } } }],
    });
    expect(validate({ is_pep: true })).toBe(false);
    expect(ajvErrorsToFieldErrors(validate.errors)).toEqual({ job_title: 'Job title is required if you are a PEP or related to one.' });
  });
});

describe('ajvErrorsToFieldErrors and keys every object has', () => {
  it('names an unknown field called __proto__ as a key of its own, not as the answer\'s prototype', () => {
    const errors = ajvErrorsToFieldErrors([{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: '__proto__' }, message: 'must NOT have additional properties' }]);
    expect(Object.keys(errors)).toEqual(['__proto__']);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse(`{"__proto__":${JSON.stringify(unknownFieldMessage('__proto__'))}}`));
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});
