import { createFormValidator } from '../../../src/server/lib/form-validation';
import { createAjv } from '../../../src/shared/create-ajv';
import { systemClock } from '../../../src/server/lib/clock';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { listFormIds, type JsonObject } from '../../../src/shared/forms/form-registry';

/** Every text a form words a field's absence with (`errorMessage.required`, at the top or in a branch). */
function requiredTexts(node: unknown, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (Array.isArray(node)) node.forEach((n) => requiredTexts(n, out));
  if (!node || typeof node !== 'object') return out;
  const required = (node as JsonObject).errorMessage?.required;
  if (required && typeof required === 'object') for (const [field, text] of Object.entries(required)) if (typeof text === 'string') out.set(field, (out.get(field) ?? new Set()).add(text));
  for (const value of Object.values(node)) requiredTexts(value, out);
  return out;
}

// A field's own message is said only when an answer was given (a missing field is its object's `required`); list
// fields whose own message read "Country is required." told an answer outside the list ("XX") that it was missing.
describe('a list field answered with a value it does not list', () => {
  const sources = readFormsDir();
  const forms = createFormValidator({ sources, ajv: () => createAjv(), clock: systemClock });
  it('is told so, never with the words for a missing answer, in every form', () => {
    const checked: string[] = [];
    for (const formId of listFormIds(sources)) {
      const schema = forms.schemaOf(formId);
      const missingWords = requiredTexts(sources.schemas[formId]);
      for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)) {
        const listed = Array.isArray(property.oneOf) && property.oneOf.every((o: JsonObject) => 'const' in o) ? property.oneOf.length : Array.isArray(property.enum) ? property.enum.length : 0;
        if (listed < 2) continue;
        const errors = forms.check(formId, { [field]: 'not-a-listed-value' }, {}).errors;
        checked.push(`${formId} ${field}`);
        expect(errors[field], `${formId} ${field}`).toBeDefined();
        expect([...(missingWords.get(field) ?? [])], `${formId} ${field}: "${errors[field]}"`).not.toContain(errors[field]);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
