// @vitest-environment happy-dom
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { withoutHiddenFields } from '../../../src/shared/forms/visible-fields';
import { compileToModule } from './compile-to-module';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['is_member', 'dob', 'terms'],
  properties: {
    is_member: { type: 'boolean', title: 'Member of another credit union?' },
    credit_union_name: { type: 'string', title: 'Credit Union Name', minLength: 2, errorMessage: { minLength: 'Credit union name is required.' } },
    other_detail: { type: 'string', title: 'Other Detail' },
    dob: {
      type: 'string',
      title: 'Date of Birth',
      format: 'date',
      notAfterToday: true,
      minAgeYears: 18,
      errorMessage: { notAfterToday: 'Date of birth cannot be in the future', minAgeYears: 'Must be at least 18 years old' },
    },
    terms: { type: 'boolean', title: 'I agree to the Terms and Conditions', const: true, errorMessage: 'You must agree to the Terms and Conditions' },
  },
  // An if/then as the onboarding forms have (RJSF re-resolves it on every validation).
  allOf: [{ if: { properties: { is_member: { const: true } }, required: ['is_member'] }, then: { required: ['credit_union_name'], errorMessage: { required: { credit_union_name: 'Credit union name is required.' } } } }],
  errorMessage: { required: { is_member: 'Please answer.', dob: 'Date of birth is required', terms: 'You must agree to the Terms and Conditions' } },
};
const uiSchema = {
  'ui:order': ['is_member', 'credit_union_name', 'other_detail', 'dob', 'terms'],
  is_member: { 'ui:widget': 'yes-no' },
  credit_union_name: { 'ui:options': { showWhen: { properties: { is_member: { const: true } }, required: ['is_member'] } } },
  // Shown only while the field above is shown and filled: hidden in turn when that one is hidden.
  other_detail: { 'ui:options': { showWhen: { required: ['credit_union_name'] } } },
  dob: { 'ui:widget': 'date' },
  terms: { 'ui:widget': 'agreement', 'ui:options': { document: 'Terms and Conditions', paragraphs: ['The terms.'] } },
};

const loaded = () => compileToModule('test/visibility', schema, uiSchema).then(formFromModule);

describe('showWhen (ui:options)', () => {
  it('removes hidden fields from the data, repeatedly until stable', () => {
    const data = { is_member: false, credit_union_name: 'Stale CU', other_detail: 'stale', dob: '2000-01-01' };
    expect(withoutHiddenFields(schema, uiSchema, data)).toEqual({ is_member: false, dob: '2000-01-01' });
    expect(withoutHiddenFields(schema, uiSchema, { ...data, is_member: true })).toEqual({ ...data, is_member: true });
  });

  it('renders a field only while its condition holds, and never sends a hidden value', async () => {
    const form = await loaded();
    const onSubmit = vi.fn();
    function Harness() {
      return <SchemaForm form={form} onSubmit={onSubmit} formData={{ credit_union_name: 'Stale CU', dob: '2000-01-01', terms: true }} />;
    }
    render(<Harness />);
    expect(screen.queryByLabelText(/Credit Union Name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Other Detail/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Credit Union Name/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ is_member: false, dob: '2000-01-01', terms: true });
  });

  it('shows the field when the condition starts to hold, validated as usual', async () => {
    const form = await loaded();
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} formData={{ dob: '2000-01-01', terms: true }} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const name = await screen.findByLabelText(/Credit Union Name/);
    await userEvent.type(name, 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Credit union name is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(name, 'BC Credit Union');
    expect(await screen.findByLabelText(/Other Detail/)).toBeInTheDocument();
  });
});

describe('showWhen on a fact (the flow file\'s facts, beside the fields)', () => {
  const factUi = { ...uiSchema, other_detail: { 'ui:options': { showWhen: { properties: { isMinor: { const: false } }, required: ['isMinor'] } } } };

  it('hides the field while the fact does not hold, and a field of the same name would win over the fact', () => {
    const data = { is_member: false, other_detail: 'kept', dob: '2000-01-01' };
    expect(withoutHiddenFields(schema, factUi, data, { isMinor: false })).toEqual(data);
    expect(withoutHiddenFields(schema, factUi, data, { isMinor: true })).toEqual({ is_member: false, dob: '2000-01-01' });
    expect(withoutHiddenFields(schema, { ...factUi, other_detail: { 'ui:options': { showWhen: { properties: { is_member: { const: false } }, required: ['is_member'] } } } }, data, { is_member: true })).toEqual(data);
  });

  it('renders the field for the applicant the fact describes only, and never sends it to the others', async () => {
    const form = await formFromModule(await compileToModule('test/visibility-facts', schema, factUi));
    const onSubmit = vi.fn();
    const { rerender } = render(<SchemaForm form={form} onSubmit={onSubmit} facts={{ isMinor: false }} formData={{ is_member: false, other_detail: 'Adult only', dob: '2000-01-01', terms: true }} />);
    expect(screen.getByLabelText(/Other Detail/)).toBeInTheDocument();
    rerender(<SchemaForm form={form} onSubmit={onSubmit} facts={{ isMinor: true }} formData={{ is_member: false, other_detail: 'Adult only', dob: '2000-01-01', terms: true }} />);
    await waitFor(() => expect(screen.queryByLabelText(/Other Detail/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ is_member: false, dob: '2000-01-01', terms: true });
  });
});

describe('date keywords in the browser (same formRuleErrors as the server)', () => {
  it('shows notAfterToday and minAgeYears messages under the field before anything is sent', async () => {
    const form = await loaded();
    const onSubmit = vi.fn();
    const { rerender } = render(<SchemaForm form={form} onSubmit={onSubmit} formData={{ is_member: false, dob: '2999-01-01', terms: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(screen.getByLabelText(/Date of Birth/)).toHaveAttribute('aria-invalid', 'true');
    const year = new Date().getFullYear() - 10;
    rerender(<SchemaForm form={form} onSubmit={onSubmit} formData={{ is_member: false, dob: `${year}-01-01`, terms: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must be at least 18 years old')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('agreement widget', () => {
  it('starts unticked even though the schema requires true; can be ticked only after the document is opened', async () => {
    const form = await loaded();
    const onChange = vi.fn();
    render(<SchemaForm form={form} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    // Named by its label alone: the link's words are the link's (it stood inside the box's <label>).
    expect(box).not.toHaveAccessibleName(/Read the/);
    expect(box.closest('label')?.querySelector('button')).toBeNull();
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Read the Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('The terms.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I Agree' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ terms: true })));
  });
});

describe('a confirmation field (const $data) in a form with if/then', () => {
  const confirmSchema = {
    type: 'object',
    required: ['password', 'confirmed_password'],
    properties: {
      dob: { type: 'string', title: 'Date of Birth', format: 'date' },
      is_minor: { type: 'boolean', readOnly: true },
      school: { type: 'string', title: 'School' },
      password: { type: 'string', title: 'Password' },
      confirmed_password: { type: 'string', title: 'Confirm Password', const: { $data: '1/password' }, errorMessage: { const: 'Passwords do not match' } },
    },
    allOf: [{ if: { properties: { is_minor: { const: true } }, required: ['is_minor'] }, then: { required: ['school'] } }],
    errorMessage: { required: { password: 'Password is required', confirmed_password: 'Password confirmation is required' } },
  };

  it('keeps the typed confirmation (RJSF would clear it when an if/then flips) and still checks that it matches', async () => {
    const form = formFromModule(await compileToModule('test/confirm', confirmSchema, { is_minor: { 'ui:widget': 'hidden' } }));
    const onSubmit = vi.fn();
    function Harness() {
      const [data, setData] = useState<Record<string, unknown>>({});
      // As basic-info's change rule does: is_minor follows the date of birth, so the if/then flips.
      return <SchemaForm form={form} formData={data} onChange={(d) => setData({ ...d, is_minor: typeof d.dob === 'string' && d.dob > '2010-01-01' })} onSubmit={onSubmit} />;
    }
    render(<Harness />);
    await userEvent.type(screen.getByLabelText(/^Password/), 'Str0ng!Pass');
    await userEvent.type(screen.getByLabelText(/Confirm Password/), 'Str0ng!Pas');
    expect(screen.getByLabelText(/Confirm Password/)).toHaveValue('Str0ng!Pas');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Confirm Password/), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ password: 'Str0ng!Pass', confirmed_password: 'Str0ng!Pass' })));
  });
});
