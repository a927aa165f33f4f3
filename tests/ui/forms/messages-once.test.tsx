// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { loadForm } from '../../../src/ui/forms/load-form';
import { submitTextOf } from '../../helpers/form-messages';

// A widget that shows its own messages (agreement, yes/no, file upload, beneficiary list, code boxes, checklist)
// is not given a second copy by RJSF's field error list.
describe('each message shows once', () => {
  it('the agreements’ messages on basic info', async () => {
    const form = await loadForm('onboarding/basic-info');
    render(<SchemaForm form={form} hideTitle formData={{}} onSubmit={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByText('First name is required');
    expect(screen.getAllByText('You must agree to the Terms and Conditions')).toHaveLength(1);
    expect(screen.getAllByText('You must agree to the Financial Declaration')).toHaveLength(1);
    // The widget's message describes its checkbox (as RJSF's list would have), and so does the form's hint that says
    // why the box cannot be ticked yet (its `viewFirstHint`).
    const hint = (form.uiSchema.terms_viewed as { 'ui:options': { viewFirstHint: string } })['ui:options'].viewFirstHint;
    expect(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ })).toHaveAccessibleDescription(`You must agree to the Terms and Conditions ${hint}`);
    expect(screen.getByText(hint)).toBeInTheDocument();
    // Messages of ordinary fields are still there, once.
    expect(screen.getAllByText('First name is required')).toHaveLength(1);
  });

  it('the beneficiary total, from the browser and from the server', async () => {
    const form = await loadForm('onboarding/designation-of-beneficiary');
    const beneficiary = { first_name: 'Ann', last_name: 'Lee', dob: '1980-01-01', gender: 'female', relationship_to_beneficiary: 'sibling', percent_of_beneficiary_interest: 60, address_line_1: '1 Main Road', city: 'Arima', country: 'TT', id_type: 'passport', id_number: 'AB123456' };
    const { unmount } = render(<SchemaForm form={form} hideTitle formData={{ beneficiaries: [beneficiary] }} onSubmit={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText('Total percentage must equal 100% before proceeding.')).toHaveLength(1));
    unmount();
    render(<SchemaForm form={form} hideTitle formData={{ beneficiaries: [beneficiary] }} serverErrors={{ beneficiaries: 'Total percentage must equal 100% before proceeding.' }} />);
    expect(await screen.findAllByText('Total percentage must equal 100% before proceeding.')).toHaveLength(1);
  });

  it('a missing file', async () => {
    const address = await loadForm('onboarding/address');
    render(<SchemaForm form={address} hideTitle formData={{}} onSubmit={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByText('Missing city');
    expect(screen.getAllByText('Please upload a file.')).toHaveLength(1);
  });
});

describe('the form-wide summary', () => {
  it('does not repeat, without its field, a message shown under a field (a hidden field derived from a visible one)', async () => {
    const form = await loadForm('member/transfer-to-self');
    const { container } = render(<SchemaForm form={form} hideTitle formData={{}} onSubmit={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: submitTextOf('member/transfer-to-self') }));
    await screen.findAllByText('Required');
    // Under Source Account and under Destination Account; not a third time, alone, at the top of the form.
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(container.querySelector('[role="alert"]')?.textContent ?? '').not.toBe('Required');
  });
});

describe('a text field near its length limit', () => {
  it('counts its characters under itself from nine tenths of the limit, and says so with the field; over the limit in the error colour', async () => {
    const form = await loadForm('onboarding/address');
    const limit = (form.schema.properties as Record<string, { maxLength: number }>).address_line_1.maxLength;
    render(<SchemaForm form={form} hideTitle formData={{}} onSubmit={() => undefined} />);
    const line = await screen.findByRole('textbox', { name: /^Address Line 1/ });
    await userEvent.type(line, 'x'.repeat(Math.floor(limit * 0.9) - 1));
    expect(screen.queryByText(/characters$/)).toBeNull();
    await userEvent.type(line, 'x');
    expect(line).toHaveAccessibleDescription(`${Math.floor(limit * 0.9)}/${limit} characters`);
    await userEvent.type(line, 'x'.repeat(limit - Math.floor(limit * 0.9) + 3));
    expect(screen.getByText(`${limit + 3}/${limit} characters`)).toHaveClass('Mui-error');
  });
});
