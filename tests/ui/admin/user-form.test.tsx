// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { USER_FORM_ONLY_RULES, USER_FORM_RULES } from '../../server/admin/user-form-rules';
import { validUserBody } from '../../server/admin/admin-helpers';

// The date rule (not after today) needs today's date and is checked by the pages, see user-pages.test.tsx.
const STATIC_RULES = [...USER_FORM_RULES, ...USER_FORM_ONLY_RULES].filter(([, , message]) => message !== 'Date of birth cannot be in the future');

function bodyWith(field: string, value: unknown, base = validUserBody()) {
  const body = { ...base };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return body;
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => cleanup());

describe('admin user form in the browser (forms/admin/user with its precompiled validator)', () => {
  it.each(STATIC_RULES)('%s = %j shows "%s" under the field and does not submit', async (field, value, message) => {
    const onSubmit = vi.fn();
    render(<SchemaForm formId="admin/user" formData={bodyWith(field, value)} onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create User' }));
    const error = await screen.findByText(message);
    expect(error.closest('.MuiFormControl-root, .form-group, div')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The message belongs to this field: its input is marked invalid.
    const input = document.getElementById(`root_${field}`);
    if (input && input.tagName === 'INPUT') await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  });

  it('submits a valid body, with gender other accepted though only Male and Female are offered', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm formId="admin/user" formData={validUserBody({ gender: 'other' })} onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(validUserBody({ gender: 'other' })));
  });

  it('labels every field, offers the role and office lists and Male/Female, with show/hide on both passwords', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="admin/user" formData={{}} />);
    for (const label of ['First Name', 'Last Name', 'Other Names', 'Email Address', 'Mobile Number', 'Password', 'Verify Password', 'Date of Birth']) {
      expect(await screen.findByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Systems Administrator', 'Customer']));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Office/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Trinidad, Port of Spain', 'Tobago, Panam Building']));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Gender/ }));
    const genders = screen.getAllByRole('option').map((o) => o.textContent).filter((t) => t && !/select/i.test(t));
    expect(genders).toEqual(['Male', 'Female']);
  });

  it('the update form has no password fields and says Save Changes', async () => {
    render(<SchemaForm formId="admin/user-update" formData={{}} />);
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });
});
