import { unboundedIntegers } from '../../../src/shared/forms/integer-bounds';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';

describe('unboundedIntegers', () => {
  it('finds integers without both bounds inside the database range, wherever they sit', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        ok: { type: 'integer', minimum: 1, maximum: 2147483647 },
        wide: { type: 'integer', minimum: 1, maximum: 2147483648 },
        negative: { type: 'integer', minimum: -2147483649, maximum: 0 },
        mixed: { type: ['integer', 'string', 'null'], maxLength: 20 },
        listed: { type: 'integer', enum: [1, 2] },
        options: { type: 'integer', oneOf: [{ const: 1 }, { const: 2 }] },
        text: { type: 'string' },
        amount: { type: 'number' },
        rows: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
        choice: { anyOf: [{ type: 'integer', minimum: 0, maximum: 9 }, { type: 'integer' }] },
      },
    };
    expect(unboundedIntegers(schema)).toEqual(['/properties/id', '/properties/wide', '/properties/negative', '/properties/mixed', '/properties/rows/items/properties/n', '/properties/choice/anyOf/1']);
  });

  it('passes every form in forms/', () => {
    const sources = readFormsDir();
    const loose = Object.keys(sources.schemas).flatMap((id) => unboundedIntegers(resolveForm(sources, id).schema).map((at) => `${id}${at}`));
    expect(loose).toEqual([]);
  });
});
