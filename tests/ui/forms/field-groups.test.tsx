// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule, loadForm } from '../../../src/ui/forms/load-form';
import { groupElements } from '../../../src/ui/forms/field-groups';
import { compileToModule } from './compile-to-module';

const sectionNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('sections from ui:groups', () => {
  it('basic info shows the specification’s sections; Education Information only for a minor', async () => {
    const form = await loadForm('onboarding/basic-info');
    const { unmount } = render(<SchemaForm form={form} hideTitle formData={{}} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal Information' })).toBeInTheDocument();
    expect(sectionNames()).toEqual(['Personal Information', 'Additional Information', 'Security Information', 'Terms and Agreements']);
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByLabelText(/^First Name/)).toBeInTheDocument();
    expect(within(personal).getByRole('combobox', { name: /^Nationality/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Security Information' })).getByLabelText(/^Confirm Password/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Terms and Agreements' })).getByRole('button', { name: 'Read the Financial Declaration' })).toBeInTheDocument();
    unmount();

    render(<SchemaForm form={form} hideTitle formData={{ is_minor: true }} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Education Information' })).toBeInTheDocument();
    expect(sectionNames()).toEqual(['Personal Information', 'Education Information', 'Additional Information', 'Security Information', 'Terms and Agreements']);
    expect(within(screen.getByRole('region', { name: 'Education Information' })).getByRole('combobox', { name: /^School Name/ })).toBeInTheDocument();
  });

  it('a group whose fields are all hidden by showWhen has no heading, and shows it once a field appears', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        has_pet: { type: 'boolean', title: 'I have a pet' },
        pet_name: { type: 'string', title: 'Pet Name' },
        note: { type: 'string', title: 'Note' },
      },
    };
    const uiSchema = {
      'ui:groups': [
        { title: 'About You', fields: ['has_pet'] },
        { title: 'Your Pet', description: 'Only if you have one.', fields: ['pet_name'] },
      ],
      pet_name: { 'ui:options': { showWhen: { properties: { has_pet: { const: true } }, required: ['has_pet'] } } },
    };
    const form = formFromModule(await compileToModule('test/groups', schema, uiSchema));
    render(<SchemaForm form={form} />);
    expect(sectionNames()).toEqual(['About You']);
    // A field no group names follows the groups, without a heading.
    expect(within(screen.getByRole('region', { name: 'About You' })).queryByLabelText('Note')).toBeNull();
    expect(screen.getByLabelText('Note')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('I have a pet'));
    expect(sectionNames()).toEqual(['About You', 'Your Pet']);
    const pet = screen.getByRole('region', { name: 'Your Pet' });
    expect(within(pet).getByText('Only if you have one.')).toBeInTheDocument();
    expect(within(pet).getByLabelText('Pet Name')).toBeInTheDocument();
  });

  it('groupElements keeps the groups’ order, each field once, the rest after', () => {
    const el = (name: string, hidden = false) => ({ name, hidden });
    const sections = groupElements([el('a'), el('b'), el('c', true), el('d')], [
      { title: 'Two', fields: ['d', 'b'] },
      { title: 'One', fields: ['a', 'b', 'missing'] },
      { title: 'Hidden', fields: ['c'] },
    ]);
    expect(sections.map((s) => [s.group?.title, s.elements.map((e) => e.name), s.allHidden])).toEqual([
      ['Two', ['d', 'b'], false],
      ['One', ['a'], false],
      ['Hidden', ['c'], true],
    ]);
  });
});
