import policy from '../../../forms/lists/password.json';

/**
 * The password policy, forms/lists/password.json: the forms that set a password (the reset's too) reference it
 * (`$ref`) and ajv applies it. Read here for code that checks one password outside a form.
 */
export const PASSWORD_POLICY = policy;

const rules = policy.allOf.map((rule) => ({ test: new RegExp(rule.pattern, 'u'), message: rule.errorMessage }));

/** The first rule of the policy a new password breaks, in the policy's words (rules in the file's order), or undefined. */
export function passwordPolicyProblem(value: string): string | undefined {
  if (!value) return policy.errorMessage.type;
  // JSON Schema counts characters, not UTF-16 units (ajv does the same).
  const length = [...value].length;
  if (length < policy.minLength) return policy.errorMessage.minLength;
  if (length > policy.maxLength) return policy.errorMessage.maxLength;
  return rules.find((rule) => !rule.test.test(value))?.message;
}
