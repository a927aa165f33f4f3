// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule, loadForm } from '../../../src/ui/forms/load-form';
import { suggestSchools } from '../../../src/ui/forms/widgets/school-search-widget';
import { rankedMatches } from '../../../src/ui/forms/widgets/searchable-select-widget';
import countries from '../../../forms/lists/countries.json';
import { compileToModule } from './compile-to-module';

const schools = Array.from({ length: 60 }, (_, i) => `School ${String(i + 1).padStart(2, '0')}`);
const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name', 'nationality'],
  properties: {
    nationality: {
      type: 'string',
      title: 'Nationality',
      oneOf: [
        { const: 'TT', title: 'Trinidad and Tobago' },
        { const: 'TG', title: 'Togo' },
        { const: 'BB', title: 'Barbados' },
      ],
    },
    school_name: { type: 'string', title: 'School Name', examples: schools },
    first_name: { type: 'string', title: 'First Name' },
  },
  errorMessage: { required: { first_name: 'First name is required', nationality: 'Nationality is required' } },
};
const uiSchema = { 'ui:order': ['nationality', 'school_name', 'first_name'], nationality: { 'ui:widget': 'country-select' }, school_name: { 'ui:widget': 'school-search' } };

async function renderForm() {
  const form = formFromModule(await compileToModule('test/autocomplete', schema, uiSchema));
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  render(<SchemaForm form={form} onSubmit={onSubmit} onChange={onChange} />);
  return { onSubmit, onChange, lastData: () => onChange.mock.calls.at(-1)?.[0] ?? {} };
}

describe('autocomplete fields: Enter picks, never submits', () => {
  it('a searchable select highlights the first match as you type, so Enter picks it; the half-filled form is not submitted', async () => {
    const { onSubmit, lastData } = await renderForm();
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    await userEvent.type(nationality, 'Trin');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Trinidad and Tobago']);
    await userEvent.keyboard('{Enter}');
    expect(nationality).toHaveValue('Trinidad and Tobago');
    expect(lastData()).toMatchObject({ nationality: 'TT' });
    // Enter again, the list closed: still no submit (no call, no messages of a submit attempt).
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('text that matches no choice is not kept without a word: leaving the field says it is not one of the choices', async () => {
    await renderForm();
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    await userEvent.type(nationality, 'Atlantis');
    await userEvent.tab();
    const hint = await screen.findByText('"Atlantis" is not one of the choices: pick one from the list.');
    expect(nationality).toHaveValue('');
    expect(nationality).toHaveAccessibleDescription(hint.textContent!);
    // Typing again takes the hint away; a choice picked keeps it away.
    await userEvent.type(nationality, 'Tog');
    expect(screen.queryByText(/is not one of the choices/)).toBeNull();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(nationality).toHaveValue('Togo');
    expect(screen.queryByText(/is not one of the choices/)).toBeNull();
  });

  it('lists the best match first, so Enter picks the country typed, not one that only contains it (the countries list)', () => {
    const choices = countries.oneOf.map((c) => ({ value: c.const, label: c.title }));
    const first = (typed: string) => rankedMatches(choices, typed)[0]?.label;
    expect(first('Samoa')).toBe('Samoa');
    expect(first('Sudan')).toBe('Sudan');
    expect(first('Guinea')).toBe('Guinea');
    expect(first('Aland')).toBe('Åland Islands');
    expect(first('Ål')).toBe('Åland Islands');
    expect(first('zealand')).toBe('New Zealand');
    // Pasted with spaces around it.
    expect(first(' Samoa ')).toBe('Samoa');
    // Then the names with a word that starts so, then the rest, each in the list's order.
    expect(rankedMatches(choices, 'samoa').map((c) => c.label)).toEqual(['Samoa', 'American Samoa']);
    expect(rankedMatches(choices, 'guinea').map((c) => c.label).slice(0, 3)).toEqual(['Guinea', 'Guinea-Bissau', 'Equatorial Guinea']);
  });

  it('a choice already made can be changed by typing over it: the box takes the text, filters the list and Enter picks the new one', async () => {
    const { lastData } = await renderForm();
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    await userEvent.type(nationality, 'Tog{Enter}');
    expect(lastData()).toMatchObject({ nationality: 'TG' });
    // A person who picked the wrong country selects the text and types the right one (the box kept 'Togo' before).
    await userEvent.tripleClick(nationality);
    await userEvent.keyboard('Trin');
    expect(nationality).toHaveValue('Trin');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Trinidad and Tobago']);
    await userEvent.keyboard('{Enter}');
    expect(nationality).toHaveValue('Trinidad and Tobago');
    expect(lastData()).toMatchObject({ nationality: 'TT' });
    // Backspace removes letters too.
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(nationality).toHaveValue('Trinidad and Toba');
  });

  it('the arrow keys move the highlight and Enter picks that option', async () => {
    const { onSubmit, lastData } = await renderForm();
    await userEvent.type(screen.getByRole('combobox', { name: /Nationality/ }), 'T');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(lastData()).toMatchObject({ nationality: 'TG' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter on text that matches nothing leaves the field empty and does not submit', async () => {
    const { onSubmit } = await renderForm();
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    await userEvent.type(nationality, 'Atlantis{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('the school field lists the first 50 schools on focus, filters from 2 characters, and Enter keeps the typed name without submitting', async () => {
    const { onSubmit, lastData } = await renderForm();
    const school = screen.getByRole('combobox', { name: /School Name/ });
    await userEvent.click(school);
    const listed = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(listed).toHaveLength(50);
    expect(listed[0]).toHaveTextContent('School 01');
    expect(listed[49]).toHaveTextContent('School 50');
    await userEvent.type(school, '5');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(50);
    await userEvent.clear(school);
    await userEvent.type(school, 'ol 5');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['School 50', 'School 51', 'School 52', 'School 53', 'School 54', 'School 55', 'School 56', 'School 57', 'School 58', 'School 59']);
    await userEvent.clear(school);
    await userEvent.type(school, 'My Own School{Enter}');
    expect(lastData()).toMatchObject({ school_name: 'My Own School' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('the school field picks a suggestion chosen with the arrow keys on Enter', async () => {
    const { onSubmit, lastData } = await renderForm();
    await userEvent.type(screen.getByRole('combobox', { name: /School Name/ }), 'ol 3');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(lastData()).toMatchObject({ school_name: 'School 30' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter in a plain text field still submits the form (only the autocompletes keep Enter)', async () => {
    const { onSubmit } = await renderForm();
    await userEvent.type(screen.getByRole('combobox', { name: /Nationality/ }), 'Barb{Enter}');
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ann', nationality: 'BB' })));
  });

  it('suggestSchools: the first 50 under 2 characters, at most 20 matches from 2', () => {
    expect(suggestSchools(schools, '')).toHaveLength(50);
    expect(suggestSchools(schools, 's')).toEqual(schools.slice(0, 50));
    expect(suggestSchools(schools, 'sc')).toHaveLength(20);
    expect(suggestSchools(schools, 'sc', { suggestionLimit: 5 })).toHaveLength(5);
    expect(suggestSchools(schools, 'school 6')).toEqual(['School 60']);
  });
});

describe('the employment form offers occupations as a searchable select', () => {
  it('typing part of an occupation and pressing Enter picks it', async () => {
    const form = await loadForm('onboarding/employment-information');
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    render(<SchemaForm form={form} formData={{ employment_status: 'employed' }} onSubmit={onSubmit} onChange={onChange} />);
    const occupation = await screen.findByRole('combobox', { name: /Occupation/ });
    await userEvent.type(occupation, 'account');
    await userEvent.keyboard('{Enter}');
    expect(occupation).toHaveValue('Accountant');
    expect(onChange.mock.calls.at(-1)?.[0]).toMatchObject({ occupation: 'Accountant' });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
