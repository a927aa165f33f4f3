// The admin user body the tests send comes from the form's own example, which config:check keeps valid: an analyst's
// tighter limit (a shorter first name, a stricter mobile pattern) is met by updating the example, not the tests.
import { copyConfig } from '../../scripts/config-copy';
import { validUserBody } from './admin-helpers';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { checkFormExamples } from '../../../scripts/lib/check-journeys';

describe("the admin user form's sample body", () => {
  it('is the form\'s example, which the form accepts', () => {
    const forms = readFormsDir();
    const example = (forms.schemas['admin/user'].examples as Array<Record<string, unknown>> | undefined)?.[0];
    expect(example).toBeDefined();
    expect(validUserBody()).toEqual(example);
    expect(checkFormExamples(forms).filter((p) => p.file.startsWith('forms/admin/'))).toEqual([]);
  });

  it('follows an analyst\'s change to the example (CONFIG_ROOT copy), overrides still winning', () => {
    const config = copyConfig('repository');
    config.edit('forms/admin/user.schema.json', (schema) => {
      schema.properties.first_name.maxLength = 4;
      schema.examples[0].first_name = 'Ann';
    });
    const before = process.env.CONFIG_ROOT;
    process.env.CONFIG_ROOT = config.root;
    try {
      expect(validUserBody().first_name).toBe('Ann');
      expect(validUserBody({ first_name: 'Bo' }).first_name).toBe('Bo');
      expect(checkFormExamples(readFormsDir()).filter((p) => p.file.startsWith('forms/admin/'))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.CONFIG_ROOT;
      else process.env.CONFIG_ROOT = before;
    }
  });
});
