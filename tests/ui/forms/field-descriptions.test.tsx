// @vitest-environment happy-dom
// A field's `description` (JSON Schema, written by analysts) is read with the field it describes, and is no heading.
// Found on Employment Information for a minor: "The source of the child's funds: ..." was drawn as an <h6> (a heading
// level 6 straight under the step's h1, in a screen reader's list of headings) and the list it explains did not
// point at it, so a screen reader moving through the form never read it with the field.
import { render, screen, within } from '@testing-library/react';
import { listFormIds } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule, loadForm } from '../../../src/ui/forms/load-form';
import { compileToModule } from './compile-to-module';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', title: 'Name', description: 'As on your ID.' },
    amount: { type: 'number', title: 'Amount', description: 'In Trinidad and Tobago dollars.' },
    start: { type: 'string', format: 'date', title: 'Start date', description: 'The first day of the month.' },
    often: {
      type: 'string',
      title: 'How often',
      description: 'How often money is paid in.',
      oneOf: [
        { const: 'monthly', title: 'Monthly' },
        { const: 'weekly', title: 'Weekly' },
      ],
    },
    country: {
      type: 'string',
      title: 'Country',
      description: 'Where the bank is.',
      oneOf: [
        { const: 'TT', title: 'Trinidad and Tobago' },
        { const: 'BR', title: 'Brazil' },
      ],
    },
    gender: { type: 'string', title: 'Gender', description: 'As on your ID, too.', enum: ['Male', 'Female'] },
  },
};
const ui = { 'ui:order': ['name', 'amount', 'start', 'often', 'country', 'gender'], start: { 'ui:widget': 'date' }, country: { 'ui:widget': 'country-select' }, gender: { 'ui:widget': 'radio' } };

describe('a field with a description', () => {
  it.each([
    ['textbox', 'Name', 'As on your ID.'],
    ['spinbutton', 'Amount', 'In Trinidad and Tobago dollars.'],
    // happy-dom gives a date input no role: found by its label.
    ['date', 'Start date', 'The first day of the month.'],
    ['combobox', 'How often', 'How often money is paid in.'],
    ['combobox', 'Country', 'Where the bank is.'],
    ['radiogroup', 'Gender', 'As on your ID, too.'],
  ] as const)('%s "%s" is described by it, and it is no heading', async (role, name, description) => {
    const form = formFromModule(await compileToModule('test/descriptions', schema, ui));
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    const control = role === 'date' ? screen.getByLabelText(new RegExp(`^${name}`)) : screen.getByRole(role, { name: new RegExp(`^${name}`) });
    expect(control).toHaveAccessibleDescription(expect.stringContaining(description));
    expect(screen.getByText(description).closest('h1, h2, h3, h4, h5, h6, [role="heading"]')).toBeNull();
  });
});

describe('the forms of forms/', () => {
  const sources = readFormsDir();
  it.each(listFormIds(sources))('%s draws no field description as a heading', async (formId) => {
    const form = await loadForm(formId);
    const { container } = render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    // Headings a form draws are its sections' titles (ui:groups) and list titles, never a field's description.
    for (const heading of within(container).queryAllByRole('heading')) expect(heading.id).not.toMatch(/__description$/);
  });
});
