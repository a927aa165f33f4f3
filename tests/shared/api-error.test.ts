import { createAjv } from '../../src/shared/create-ajv';
import { ajvErrorsToFieldErrors } from '../../src/shared/api-error';

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
    expect(errors.amount).toMatch(/>= 1/);
    expect(errors['address.city']).toMatch(/required/);
    expect(errors.role_id).toBe('Unknown field: role_id');
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
    expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse('{"__proto__":"Unknown field: __proto__"}'));
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});
