// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { routes } from '../../../src/ui/app/router';
import { ColorModeProvider } from '../../../src/ui/app/color-mode';
import { clearOnboarding } from '../../../src/ui/features/onboarding/flow-actor';
import { withAllowedOptions } from '../../../src/shared/forms/option-rules';
import { compileToModule } from './compile-to-module';

// Basic info's marital status as the forms/ folder declares it (list and option rule), plus an option an analyst adds.
const basicInfo = resolveForm(readFormsDir(), 'onboarding/basic-info').schema;
const marital = basicInfo.properties.marital_status;
const withNewOption = { ...marital, oneOf: [...marital.oneOf, { const: 'Separated', title: 'Separated' }] };
const schema = { type: 'object', additionalProperties: false, required: ['marital_status'], properties: { marital_status: withNewOption } };
const loaded = () => compileToModule('test/option-rules', schema, {}).then(formFromModule);

async function optionsOf(user: ReturnType<typeof userEvent.setup>, label: RegExp): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const names = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return names.filter(Boolean);
}


describe('option rules (optionsWhen) in the browser', () => {
  it('offers a minor only Single', async () => {
    const user = userEvent.setup();
    render(<SchemaForm form={await loaded()} facts={{ isMinor: true }} />);
    expect(await optionsOf(user, /Marital Status/)).toEqual(['Single']);
  });

  it('offers an adult the whole list, a newly added option included', async () => {
    const user = userEvent.setup();
    render(<SchemaForm form={await loaded()} facts={{ isMinor: false }} />);
    expect(await optionsOf(user, /Marital Status/)).toEqual(['Single', 'Married', 'Common-Law', 'Divorced', 'Widowed', 'Separated']);
  });

  it('keeps an adult\'s newly added option on a change (no list in TypeScript clears it)', async () => {
    expect(withAllowedOptions(schema, { marital_status: 'Separated' }, { isMinor: false })).toEqual({ marital_status: 'Separated' });
    render(<SchemaForm form={await loaded()} facts={{ isMinor: false }} formData={{ marital_status: 'Separated' }} />);
    expect(screen.getByRole('combobox', { name: /Marital Status/ })).toHaveTextContent('Separated');
  });
});

describe('basic info step: the date of birth decides the marital statuses offered', () => {
  beforeEach(() => clearOnboarding());

  it('resets Married to Single when the date of birth turns an adult into a minor, and offers the minor only Single', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/new-or-existing-customer'] });
    render(
      <ColorModeProvider>
        <RouterProvider router={router} />
      </ColorModeProvider>,
    );
    // As an applicant gets there: New Customer, then the Getting Ready checklist.
    await user.click(await screen.findByRole('button', { name: /New Customer/ }));
    await screen.findByRole('heading', { name: 'Getting Ready' });
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    for (const box of screen.getAllByRole('checkbox')) if (!(box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled) await user.click(box);
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/basic-info'));
    const dob = await screen.findByLabelText(/^Date of Birth/, {}, { timeout: 5000 });
    fireEvent.change(dob, { target: { value: '1990-05-01' } });
    await user.click(screen.getByRole('combobox', { name: /Marital Status/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Married' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Marital Status/ })).toHaveTextContent('Married'));

    const minorDob = new Date();
    minorDob.setFullYear(minorDob.getFullYear() - 10);
    fireEvent.change(dob, { target: { value: minorDob.toISOString().slice(0, 10) } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Marital Status/ })).toHaveTextContent('Single'));
    expect(await optionsOf(user, /Marital Status/)).toEqual(['Single']);
  });
});

describe('dropdowns (select-widget.tsx)', () => {
  const lists = {
    type: 'object',
    required: ['colour'],
    properties: {
      colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'] },
      size: { type: 'string', title: 'Size', enum: ['S', 'M'] },
    },
  };

  it('a required list opens on its first choice, with no blank row; an optional one offers "None", which clears it', async () => {
    const user = userEvent.setup();
    let last: Record<string, unknown> = {};
    render(<SchemaForm form={await compileToModule('test/dropdowns', lists, {}).then(formFromModule)} formData={{ size: 'M' }} onChange={(data) => (last = data)} />);
    await user.click(screen.getByRole('combobox', { name: /Colour/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['red', 'blue']);
    expect(options[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(last.colour).toBe('red'));
    await user.click(screen.getByRole('combobox', { name: /Size/ }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'S', 'M']);
    await user.click(screen.getByRole('option', { name: 'None' }));
    await waitFor(() => expect(last.size).toBeUndefined());
  });
});
