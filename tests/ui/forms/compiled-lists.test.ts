// Lists in the browser's compiled validators (issue "Fast on a phone": the country list made ~300 functions per
// form). The build compiles a list as the enum it is equivalent to and leaves out its options, which the browser
// answers with a comparison; these tests pin that the validator still decides exactly as before.
import { getClosestMatchingOption } from '@rjsf/utils';
import { listsAsEnums, isConstOption } from '../../../src/shared/forms/const-option';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { compileToModule } from './compile-to-module';

const colours = { title: 'Colour', type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }, { const: 'b', title: 'Blue' }] };
const schema = {
  type: 'object',
  required: ['colour'],
  properties: { colour: { ...colours, errorMessage: 'Please choose a colour.' }, shade: { ...colours, errorMessage: { oneOf: 'Not a shade we sell.' } } },
};

describe('lists in compiled validators', () => {
  it('compile as enums, with a message keyed to the list keyword moved along, and leave the rendered schema alone', () => {
    expect(listsAsEnums(colours)).toEqual({ title: 'Colour', type: 'string', enum: ['r', 'g', 'b'] });
    expect(listsAsEnums(schema.properties.shade).errorMessage).toEqual({ enum: 'Not a shade we sell.' });
    // Two options with one value: a oneOf refuses the value, an enum would not, so the list stays as written.
    const twice = { oneOf: [{ const: 'a' }, { const: 'a', title: 'A again' }] };
    expect(listsAsEnums(twice)).toEqual(twice);
    // Options that are more than a value (a `$data` comparison, a type) are compiled as before.
    expect(isConstOption({ const: { $data: '1/password' } })).toBe(false);
    expect(isConstOption({ const: 'a', type: 'string' })).toBe(false);
    expect(isConstOption({ const: 'a', title: 'A', $id: 'x' })).toBe(true);
  });

  it('validate as before: a listed value passes, any other gets the field message, in the browser validator', async () => {
    const form = formFromModule(await compileToModule('test/colours', schema, {}));
    expect(form.schema.properties.colour.oneOf).toHaveLength(3);
    const check = (data: object) => form.validator.validateFormData(data, form.schema).errors.map((e) => `${e.property} ${e.message}`);
    expect(check({ colour: 'g', shade: 'b' })).toEqual([]);
    expect(check({ colour: 'x' })).toEqual(['.colour Please choose a colour.']);
    expect(check({ colour: 'r', shade: 'x' })).toEqual(['.shade Not a shade we sell.']);
    expect(check({})).toEqual(["colour must have required property 'Colour'"]);
  });

  it('compile no function per option, and still answer RJSF when it matches data against each option', async () => {
    const mod = await compileToModule('test/colours', schema, {});
    const form = formFromModule(mod);
    expect(Object.keys(mod.default).length).toBeLessThan(5);
    const options = form.schema.properties.colour.oneOf;
    expect(getClosestMatchingOption(form.validator, form.schema, 'b', options)).toBe(2);
    expect(form.validator.isValid(options[0], 'r', form.schema)).toBe(true);
    expect(form.validator.isValid(options[0], 'g', form.schema)).toBe(false);
  });
});
