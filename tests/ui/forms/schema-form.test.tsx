// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { compileToModule } from './compile-to-module';
import { REQUEST_TEXTS } from '../../../src/shared/messages';

const miniSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name', 'email'],
  properties: {
    first_name: { type: 'string', title: 'First Name', minLength: 2, errorMessage: { minLength: 'First name must be at least 2 characters' } },
    email: { type: 'string', title: 'Email', format: 'email', errorMessage: { format: 'Please enter a valid email address' } },
    address: { type: 'object', title: 'Address', properties: { city: { type: 'string', title: 'City' } } },
  },
  errorMessage: { required: { first_name: 'First name is required', email: 'Email is required' } },
};

describe('SchemaForm', () => {
  it('puts required messages under their fields (aria-invalid) and does not submit', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("resolves a form's references to its own definitions, under an $id (the build's fast-uri stand-in)", async () => {
    const schema = {
      $id: 'https://cu.example/forms/test/address.json',
      type: 'object',
      definitions: { line: { type: 'string', title: 'Street line', minLength: 3 } },
      properties: { street: { $ref: '#/definitions/line' } },
    };
    const form = formFromModule(await compileToModule('test/address', schema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Street line'), '1 Main St');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ street: '1 Main St' })));
  });

  it("sets a phone's keyboard from ui:options.inputMode (an amount takes the decimal keypad)", async () => {
    const form = formFromModule(await compileToModule('test/amount', { type: 'object', properties: { amount: { type: 'number', title: 'Amount' } } }, { amount: { 'ui:options': { inputType: 'text', inputMode: 'decimal' } } }));
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('inputmode', 'decimal');
  });

  it("keeps a field's help in its own colour beside an error: only the message under it is red", async () => {
    const form = formFromModule(await compileToModule('test/help', miniSchema, { email: { 'ui:help': 'We send your receipt here' } }));
    render(<SchemaForm form={form} onSubmit={vi.fn()} formData={{ first_name: 'Ann' }} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid email address')).toHaveClass('Mui-error');
    expect(screen.getByText('We send your receipt here').closest('.MuiFormHelperText-root')).not.toHaveClass('Mui-error');
  });

  it('a field of digits (inputMode numeric) drops the spaces and hyphens typed in it', async () => {
    const form = formFromModule(await compileToModule('test/account', { type: 'object', properties: { account: { type: 'string', title: 'Account', pattern: '^[0-9]{11}$' } } }, { account: { 'ui:options': { inputMode: 'numeric' } } }));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Account'), '1000-0000 201');
    expect(screen.getByLabelText('Account')).toHaveValue('10000000201');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ account: '10000000201' })));
  });

  it('links the messages of a select, a searchable list and a password to the element that takes the focus', async () => {
    const schema = {
      type: 'object',
      required: ['marital', 'country', 'secret'],
      properties: {
        marital: { type: 'string', title: 'Marital Status', oneOf: [{ const: 'Single', title: 'Single' }, { const: 'Married', title: 'Married' }] },
        country: { type: 'string', title: 'Nationality', oneOf: [{ const: 'TT', title: 'Trinidad and Tobago' }, { const: 'CA', title: 'Canada' }] },
        secret: { type: 'string', title: 'Password' },
      },
      errorMessage: { required: { marital: 'Please choose your marital status', country: 'Please choose your nationality', secret: 'Password is required' } },
    };
    const ui = { marital: { 'ui:widget': 'select' }, country: { 'ui:widget': 'country-select' }, secret: { 'ui:widget': 'password-strength' } };
    const form = formFromModule(await compileToModule('test/described', schema, ui));
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Please choose your marital status');
    expect(screen.getByRole('combobox', { name: /Marital Status/ })).toHaveAccessibleDescription('Please choose your marital status');
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toHaveAccessibleDescription('Please choose your nationality');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription('Password is required');
  });

  it('links each message to its input for screen readers and moves the keyboard to the first field with a problem', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(<SchemaForm form={form} onSubmit={vi.fn()} formData={{ first_name: 'Ann' }} />);
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(/First Name/)).not.toHaveAttribute('aria-describedby');
  });

  it('shows format messages, then submits valid data', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Email/));
    await userEvent.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ann', email: 'ann@example.com' })));
  });

  it('shows server field errors under the fields (nested too) and other errors in an alert', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(
      <SchemaForm
        form={form}
        formData={{ first_name: 'Ann', email: 'a@b.co' }}
        serverErrors={{ email: REQUEST_TEXTS.emailTaken, 'address.city': 'City is required.', other: 'Something else' }}
        generalError="Please correct the form errors before submitting."
      />,
    );
    expect(await screen.findByText(REQUEST_TEXTS.emailTaken)).toBeInTheDocument();
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please correct the form errors before submitting.');
    expect(alert).toHaveTextContent('Something else');
  });

  it('a refusal whose summary is the message under its one field says it once, and where to look above', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(<SchemaForm form={form} formData={{ first_name: 'Ann', email: 'taken@b.co' }} serverErrors={{ email: REQUEST_TEXTS.emailTaken }} generalError={REQUEST_TEXTS.emailTaken} />);
    expect(await screen.findAllByText(REQUEST_TEXTS.emailTaken)).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(REQUEST_TEXTS.fixFields);
  });

  it("takes a server's message off its field once the field is changed, and keeps the others", async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(<SchemaForm form={form} formData={{ first_name: 'Ann', email: 'taken@b.co' }} serverErrors={{ email: REQUEST_TEXTS.emailTaken, first_name: 'Refused by the server' }} generalError="Failed to update user." />);
    expect(await screen.findByText(REQUEST_TEXTS.emailTaken)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'x');
    expect(screen.queryByText(REQUEST_TEXTS.emailTaken)).not.toBeInTheDocument();
    expect(screen.getByText('Refused by the server')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update user.');
    // The summary goes with the last field message it summed up.
    await userEvent.type(screen.getByLabelText(/First Name/), 'e');
    expect(screen.queryByText('Failed to update user.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/First Name/), '{Backspace}');
    // Typed back to what was sent, it speaks of what the field holds again.
    await userEvent.type(screen.getByLabelText(/Email/), '{Backspace}');
    expect(await screen.findByText(REQUEST_TEXTS.emailTaken)).toBeInTheDocument();
  });

  it('drops the spaces around a pasted value when the field is left or Enter is pressed in it, so it is judged and sent as it reads', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/First Name/), '  Ann ');
    await userEvent.tab();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    await userEvent.type(screen.getByLabelText(/Email/), ' ann@example.com {Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ann', email: 'ann@example.com' })));
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('loads a form of forms/ by id with its precompiled validator', async () => {
    render(<SchemaForm formId="admin/user" onSubmit={() => undefined} />);
    expect(await screen.findByLabelText(/First Name/)).toBeInTheDocument();
  });

  it('fails loudly on an unknown widget, naming it and the schema', async () => {
    const form = formFromModule(await compileToModule('test/bad', miniSchema, { email: { 'ui:widget': 'emial' } }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SchemaForm form={form} />)).toThrow(/Unknown widget "emial" at \/email\/ui:widget in forms\/test\/bad.ui.json.*Schema: \{"type":"object"/);
    spy.mockRestore();
  });

  it('hideTitle leaves the heading to the page: no root title or description, nested titles stay', async () => {
    const titled = { ...miniSchema, title: 'Basic Information', description: 'About you' };
    const form = formFromModule(await compileToModule('test/titled', titled, {}));
    const { unmount } = render(<SchemaForm form={form} />);
    expect(screen.getByText('Basic Information')).toBeInTheDocument();
    unmount();
    render(<SchemaForm form={form} hideTitle />);
    expect(screen.queryByText('Basic Information')).toBeNull();
    expect(screen.queryByText('About you')).toBeNull();
    expect(screen.getByText('Address')).toBeInTheDocument();
  });

  it('validateOn blur: a field shows its messages when it loses focus, then live; untouched fields stay quiet', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} validateOn="blur" />);
    await userEvent.type(screen.getByLabelText(/First Name/), 'A');
    expect(screen.queryByText('First name must be at least 2 characters')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Email is required')).toBeNull();
    await userEvent.type(screen.getByLabelText(/First Name/), 'n');
    await waitFor(() => expect(screen.queryByText('First name must be at least 2 characters')).toBeNull());
    await userEvent.click(screen.getByLabelText(/Email/));
    await userEvent.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('Email is required')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validateOn blur: messages wait until a press that took the focus is released (they moved its target: a select opened and shut, a click was lost)', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(<SchemaForm form={form} validateOn="blur" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First Name/), 'A');
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByLabelText(/Email/) });
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    expect(screen.queryByText('First name must be at least 2 characters')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByLabelText(/Email/) });
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    // The keyboard's Tab is no press: its messages come at once.
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it("says a date the browser cannot read (30 February) is no date, not that it is missing", async () => {
    const schema = {
      type: 'object',
      required: ['dob'],
      properties: { dob: { type: 'string', title: 'Date of Birth', format: 'date', errorMessage: { format: 'Enter the date of birth as a real date' } } },
      errorMessage: { required: { dob: 'Date of birth is required' } },
    };
    const form = formFromModule(await compileToModule('test/date', schema, {}));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    const box = screen.getByLabelText(/Date of Birth/) as HTMLInputElement;
    // A browser's date box holding 02/30/2009 has the value '' and says so in its validity (jsdom has no such box).
    const validity = { badInput: true };
    Object.defineProperty(box, 'validity', { get: () => validity });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter the date of birth as a real date')).toBeInTheDocument();
    expect(screen.queryByText('Date of birth is required')).toBeNull();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    // A real date goes through.
    validity.badInput = false;
    fireEvent.change(box, { target: { value: '2009-02-28' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it('read-only mode renders no password fields', async () => {
    const withPassword = { ...miniSchema, properties: { ...miniSchema.properties, password: { type: 'string', title: 'Password' }, confirm: { type: 'string', title: 'Confirm Password' } } };
    const ui = { password: { 'ui:widget': 'password-strength' }, confirm: { 'ui:widget': 'password' } };
    const form = formFromModule(await compileToModule('test/password', withPassword, ui));
    const { unmount } = render(<SchemaForm form={form} />);
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    unmount();
    render(<SchemaForm form={form} readonly formData={{ first_name: 'Ann', email: 'a@b.co' }} />);
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    expect(screen.queryByLabelText(/Password/)).toBeNull();
  });

  it('renders read-only for review pages, without buttons', async () => {
    const form = formFromModule(await compileToModule('test/mini', miniSchema, {}));
    render(<SchemaForm form={form} readonly formData={{ first_name: 'Ann', email: 'a@b.co' }} />);
    expect(screen.getByLabelText(/First Name/)).toBeDisabled();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('a message no visible field can show goes to the alert; a list drawn by one widget shows its items\' messages under it', async () => {
    const schema = {
      type: 'object',
      required: ['kind', 'docs'],
      properties: {
        kind: { type: 'string', title: 'Kind' },
        docs: { type: 'array', title: 'Documents', minItems: 1, items: { type: 'string', pattern: '\\.pdf$', errorMessage: 'Only PDF files' }, errorMessage: { minItems: 'Please upload a file.' } },
      },
      errorMessage: { required: { kind: 'The kind is missing.', docs: 'Please upload a file.' } },
    };
    const form = formFromModule(await compileToModule('test/placing', schema, { kind: { 'ui:widget': 'hidden' }, docs: { 'ui:widget': 'file-upload' } }));
    const onSubmit = vi.fn();
    const { rerender } = render(<SchemaForm form={form} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Please upload a file.'))[0]).toBeInTheDocument();
    expect(screen.getByText('The kind is missing.').closest('.MuiAlert-root')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    rerender(<SchemaForm form={form} onSubmit={onSubmit} formData={{ kind: 'a', docs: ['scan.png'] }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Only PDF files'))[0]).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('read-only mode shows dates as dd.mm.yyyy; an editable form keeps the browser\'s date picker', async () => {
    const withDate = { ...miniSchema, properties: { ...miniSchema.properties, dob: { type: 'string', format: 'date', title: 'Date of Birth' } } };
    const form = formFromModule(await compileToModule('test/date', withDate, { dob: { 'ui:widget': 'date' } }));
    const data = { first_name: 'Ann', email: 'a@b.co', dob: '1992-03-04' };
    const { unmount } = render(<SchemaForm form={form} formData={data} />);
    expect(screen.getByLabelText(/Date of Birth/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/Date of Birth/)).toHaveValue('1992-03-04');
    unmount();
    render(<SchemaForm form={form} readonly formData={data} />);
    expect(screen.getByLabelText(/Date of Birth/)).toHaveValue('04.03.1992');
    expect(screen.getByLabelText(/Date of Birth/)).toHaveAttribute('type', 'text');
  });
});
