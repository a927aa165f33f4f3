// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlatForm } from '../../../src/ui/forms/flat-form';
import { flatFormFromModule, loadFlatForm } from '../../../src/ui/forms/load-flat-form';
import { flatWidgetFor } from '../../../src/ui/forms/flat-widget-for';
import { flatFieldOrder } from '../../../src/ui/forms/flat-field-order';
import { compileToModule } from './compile-to-module';

function renderForm(form: Awaited<ReturnType<typeof loadFlatForm>>, onSubmit = vi.fn()) {
  render(
    <FlatForm form={form} onSubmit={onSubmit}>
      {() => <button type="submit">Go</button>}
    </FlatForm>,
  );
  return onSubmit;
}

describe('FlatForm', () => {
  it('shows a field’s schema message when it loses focus, then follows the typing', async () => {
    renderForm(await loadFlatForm('auth/sign-in'));
    const email = screen.getByLabelText(/^Email/);
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await userEvent.type(email, 'nope');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, '@cu.example');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await userEvent.clear(email);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('a message waits until a press that took the focus is released (it moved the pressed button: the click was lost)', async () => {
    renderForm(await loadFlatForm('auth/sign-in'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByLabelText(/^Password/) });
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByLabelText(/^Password/) });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('on submit checks every field, focuses the first invalid one and sends only valid values', async () => {
    const onSubmit = renderForm(await loadFlatForm('auth/sign-in'));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Member!2345');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Email/), 'member@cu.example');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'member@cu.example', password: 'Member!2345' });
  });

  it('Enter while the page holds its button back shows why (the browser did nothing), and never sends', async () => {
    const form = await loadFlatForm('auth/sign-in');
    const onSubmit = vi.fn();
    const { rerender } = render(
      <FlatForm form={form} onSubmit={onSubmit}>
        {({ values }) => <button type="submit" disabled={!values.email}>Go</button>}
      </FlatForm>,
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'Member!2345{Enter}');
    expect(screen.getByText(form.validate({ email: '', password: 'Member!2345' }).email!)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    // Held back with every field right (a call in flight): Enter sends nothing.
    rerender(
      <FlatForm form={form} onSubmit={onSubmit}>
        {() => <button type="submit" disabled>Go</button>}
      </FlatForm>,
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'member@cu.example{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('words a password in the specification’s order (length before the policy’s rules) and checks the form-only confirmation', async () => {
    const form = await loadFlatForm('auth/reset-password');
    expect(form.validate({ new_password: 'short', confirm_password: '' })).toEqual({ new_password: 'Password must be at least 8 characters', confirm_password: 'Please confirm your password' });
    expect(form.validate({ new_password: 'lowercase1!', confirm_password: 'lowercase1!' })).toEqual({ new_password: 'Password must contain at least one uppercase letter' });
    expect(form.validate({ new_password: 'Brand-New-Pass1', confirm_password: 'Brand-New-Pass2' })).toEqual({ confirm_password: 'Passwords do not match' });
    expect(form.validate({ new_password: 'Brand-New-Pass1', confirm_password: 'Brand-New-Pass1' })).toEqual({});
  });

  it('draws fields in ui:order with the UI schema’s title, placeholder, help and autocomplete', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['b'],
      properties: { a: { type: 'string', title: 'Field A' }, b: { type: 'string', title: 'Field B', errorMessage: { type: 'B is required' } } },
      errorMessage: { required: { b: 'B is required' } },
    };
    const ui = { 'ui:order': ['b', 'a'], a: { 'ui:title': 'First A', 'ui:placeholder': 'type a', 'ui:help': 'Some help', 'ui:autocomplete': 'nickname' } };
    renderForm(flatFormFromModule(await compileToModule('test/flat', schema, ui)));
    const [first, second] = screen.getAllByRole('textbox');
    expect(first).toHaveAttribute('name', 'b');
    expect(first).toBeRequired();
    expect(second).toHaveAccessibleName('First A');
    expect(second).toHaveAttribute('placeholder', 'type a');
    expect(second).toHaveAttribute('autocomplete', 'nickname');
    expect(screen.getByText('Some help')).toBeInTheDocument();
  });

  it('fails loudly on a widget it does not have, naming the form, the field and the schema', async () => {
    const form = await loadFlatForm('auth/sign-in');
    expect(() => flatWidgetFor('auth/sign-in', 'email', form.schema.properties.email, { 'ui:widget': 'yes-no' })).toThrow(/auth\/sign-in.*"email".*"yes-no".*Schema: \{/);
    const broken = { ...form, uiSchema: { ...form.uiSchema, email: { 'ui:widget': 'searchable-select' } } };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderForm(broken)).toThrow(/no flat-form widget named "searchable-select"/);
  });
});

describe('flatFieldOrder', () => {
  const schema = { properties: { a: {}, b: {}, c: {} } };
  it('follows ui:order, puts unnamed fields at "*" or after the named ones, and ignores unknown names', () => {
    expect(flatFieldOrder(schema, {})).toEqual(['a', 'b', 'c']);
    expect(flatFieldOrder(schema, { 'ui:order': ['c', 'a'] })).toEqual(['c', 'a', 'b']);
    expect(flatFieldOrder(schema, { 'ui:order': ['c', '*', 'a'] })).toEqual(['c', 'b', 'a']);
    expect(flatFieldOrder(schema, { 'ui:order': ['zz', 'b'] })).toEqual(['b', 'a', 'c']);
  });
});
