// One password policy (issue "One source for every fact"): forms/lists/password.json decides for sign-up (basic
// info), the administrator's user form and the password reset alike, so a password one accepts the others accept.
import { createAjv } from '../../src/shared/create-ajv';
import { resolveForm } from '../../src/shared/forms/form-registry';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { PASSWORD_POLICY, passwordPolicyProblem } from '../../src/shared/auth/password-policy';

const sources = readFormsDir();
const ajv = createAjv();
/** The password field of every form that sets one, with the policy inlined, as the server validates it. */
const fields = Object.fromEntries(
  ['onboarding/basic-info', 'admin/user'].map((formId) => [formId, ajv.compile(resolveForm(sources, formId).schema.properties.password)]),
);
// The reset's new password (forms/auth/reset-password, screen and route alike).
fields['auth/reset-password'] = ajv.compile(resolveForm(sources, 'auth/reset-password').schema.properties.new_password);

const passwords = ['Str0ng!Pass', 'Ünïcødé9€x', 'Bad#Char12!', 'Σωστό1!aA', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Sh0rt!', 'Bad"Quote12!', 'Tab\tTab12!', `Aa1!${'x'.repeat(252)}`, `Aa1!${'x'.repeat(253)}`, ''];

describe('the password policy', () => {
  it('is the one the forms reference', () => {
    for (const formId of Object.keys(fields)) expect(JSON.stringify(sources.schemas[formId].properties.password ?? sources.schemas[formId].properties.new_password)).toContain('../lists/password.json');
  });

  it.each(passwords.map((p) => [p.length > 30 ? `${p.length} characters` : JSON.stringify(p), p]))('%s: the reset and every form agree', (_label, password) => {
    const resetAccepts = passwordPolicyProblem(password) === undefined;
    for (const [formId, validate] of Object.entries(fields)) expect(validate(password), formId).toBe(resetAccepts);
  });

  it('words each broken rule as the specification does, and allows any alphabet and symbol', () => {
    expect(passwordPolicyProblem('')).toBe('Password is required');
    expect(passwordPolicyProblem('Sh0rt!')).toBe('Password must be at least 8 characters');
    expect(passwordPolicyProblem('alllower1!')).toBe('Password must contain at least one uppercase letter');
    expect(passwordPolicyProblem('ALLUPPER1!')).toBe('Password must contain at least one lowercase letter');
    expect(passwordPolicyProblem('NoDigits!!')).toBe('Password must contain at least one number');
    expect(passwordPolicyProblem('NoSpecial12')).toBe('Password must contain at least one special character');
    expect(passwordPolicyProblem('Bad"Quote12!')).toBe('Password contains invalid characters. Please use only letters, numbers, and basic symbols.');
    expect(passwordPolicyProblem(`Aa1!${'x'.repeat(PASSWORD_POLICY.maxLength)}`)).toBe('Password must be 256 characters or less');
    expect(passwordPolicyProblem('Bad#Char12!')).toBeUndefined();
    expect(passwordPolicyProblem('Σωστό1!aA')).toBeUndefined();
  });
});
