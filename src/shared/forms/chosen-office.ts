import type { JsonObject } from './form-registry';

/**
 * The office an applicant's answers name: the `x-office` of the option they chose in a list field whose options carry
 * one (forms/lists/branches.json: the home branch), in the first form that has such a field and an answer for it.
 * Nothing in code names the step, the field or the branches: an analyst adds a branch, with its office, in JSON.
 */
export function chosenOffice(forms: Array<{ schema: JsonObject; data: Record<string, unknown> }>): number | null {
  for (const { schema, data } of forms) {
    for (const [field, property] of Object.entries<JsonObject>(schema.properties ?? {})) {
      const options: JsonObject[] = Array.isArray(property?.oneOf) ? property.oneOf : [];
      const chosen = options.find((option) => option && typeof option['x-office'] === 'number' && option.const === data[field]);
      if (chosen) return chosen['x-office'] as number;
    }
  }
  return null;
}
