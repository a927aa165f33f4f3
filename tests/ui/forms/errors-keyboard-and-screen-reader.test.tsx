// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { compileToModule } from './compile-to-module';

/** The first beneficiary of a QA journey, with the share given. */
function beneficiary(percent: number): Record<string, unknown> {
  const journey = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/journeys/adult-foreign-national.json'), 'utf8')) as { entries: Array<{ step: string; data?: { beneficiaries?: Array<Record<string, unknown>> } }> };
  return { ...journey.entries.find((e) => e.step === 'designation-of-beneficiary')!.data!.beneficiaries![0], percent_of_beneficiary_interest: percent };
}

describe('beneficiary list: the keyboard goes to the first problem', () => {
  it('Add with missing answers takes the keyboard to the first field of the add form with a message', async () => {
    const user = userEvent.setup();
    render(
      <SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    const add = await screen.findByRole('button', { name: 'Add Beneficiary' });
    await user.click(add);
    const fieldset = add.closest('fieldset')!;
    const firstInvalid = fieldset.querySelector<HTMLElement>('[aria-invalid="true"]');
    expect(firstInvalid).not.toBeNull();
    await waitFor(() => expect(firstInvalid).toHaveFocus());
  });

  it('Next with the total short of 100% takes the keyboard to the message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SchemaForm formId="onboarding/designation-of-beneficiary" formData={{ beneficiaries: [beneficiary(50)] }} onSubmit={onSubmit}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.click(next);
    const message = await screen.findByText(/Total percentage must equal 100%/);
    await waitFor(() => expect(message.closest('[data-focus-on-error]')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

const choicesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pep', 'gender', 'channels'],
  properties: {
    pep: { type: 'boolean', title: 'Are you a politically exposed person?' },
    gender: { type: 'string', title: 'Gender', enum: ['Male', 'Female'] },
    channels: { type: 'array', title: 'Channels', uniqueItems: true, minItems: 1, items: { type: 'string', enum: ['Email', 'SMS'] }, errorMessage: { minItems: 'Pick at least one channel' } },
  },
  errorMessage: { required: { pep: 'Please answer the question', gender: 'Please choose a gender', channels: 'Pick at least one channel' } },
};
const choicesUi = { 'ui:order': ['pep', 'gender', 'channels'], pep: { 'ui:widget': 'yes-no' }, gender: { 'ui:widget': 'radio' }, channels: { 'ui:widget': 'checkboxes' } };

describe('option groups with a message', () => {
  it('mark the group invalid and describe it by its message (yes-no, radio, checkboxes); the keyboard goes to the first group', async () => {
    const user = userEvent.setup();
    const form = formFromModule(await compileToModule('test/choices', choicesSchema, choicesUi));
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Please answer the question');
    const pep = screen.getByRole('radiogroup', { name: /politically exposed/ });
    const gender = screen.getByRole('radiogroup', { name: /Gender/ });
    const channels = screen.getByRole('group', { name: /Channels/ });
    expect(pep).toHaveAttribute('aria-invalid', 'true');
    expect(pep).toHaveAccessibleDescription('Please answer the question');
    expect(gender).toHaveAttribute('aria-invalid', 'true');
    expect(gender).toHaveAccessibleDescription(expect.stringContaining('Please choose a gender'));
    expect(channels).toHaveAttribute('aria-invalid', 'true');
    expect(channels).toHaveAccessibleDescription(expect.stringContaining('Pick at least one channel'));
    await waitFor(() => expect(within(pep).getByRole('radio', { name: 'Yes' })).toHaveFocus());

    // Answered: no longer invalid.
    await user.click(within(pep).getByRole('radio', { name: 'No' }));
    await user.click(within(gender).getByRole('radio', { name: 'Female' }));
    expect(pep).not.toHaveAttribute('aria-invalid');
    expect(gender).not.toHaveAttribute('aria-invalid');
  });
});

describe('a document checklist with a message', () => {
  it('is one group, named by its field, marked invalid and described by its message', async () => {
    const user = userEvent.setup();
    const schema = {
      type: 'object',
      properties: { documents: { type: 'array', title: 'Documents', uniqueItems: true, minItems: 2, items: { type: 'string', enum: ['ID card', 'Utility bill'] }, errorMessage: { minItems: 'Tick every document' } } },
    };
    const form = formFromModule(await compileToModule('test/checklist', schema, { documents: { 'ui:widget': 'document-checklist' } }));
    render(<SchemaForm form={form} formData={{ documents: ['ID card'] }} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Tick every document');
    const group = screen.getByRole('group', { name: 'Documents' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Tick every document');
    await waitFor(() => expect(within(group).getAllByRole('checkbox')[0]).toHaveFocus());
  });
});

const occupationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['occupation'],
  properties: {
    occupation: {
      type: 'string',
      title: 'Occupation',
      oneOf: [
        { const: 'Accountant', title: 'Accountant' },
        { const: 'Banker', title: 'Banker' },
        { const: 'Other', title: 'Other' },
      ],
    },
  },
  errorMessage: { required: { occupation: 'Occupation is required.' } },
};

describe('searchable select: text that is not one of the choices', () => {
  it('shows one message after Next, not beside "is required", and points to Other when the list has it', async () => {
    const user = userEvent.setup();
    const form = formFromModule(await compileToModule('test/occupation', occupationSchema, { occupation: { 'ui:widget': 'searchable-select' } }));
    const onSubmit = vi.fn();
    render(<SchemaForm form={form} onSubmit={onSubmit} />);
    const occupation = screen.getByRole('combobox', { name: /Occupation/ });
    await user.type(occupation, 'Management Consultant');
    await user.tab();
    const message = '"Management Consultant" is not one of the choices: pick one from the list, or choose Other and type it.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(occupation).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Occupation is required.')).toBeNull();
    expect(screen.getAllByText(/is not one of the choices/)).toHaveLength(1);
    expect(screen.getByText(message)).toHaveClass('Mui-error');
    expect(occupation).toHaveAccessibleDescription(message);
    expect(onSubmit).not.toHaveBeenCalled();

    // Typing again takes that message away: the field's own message shows, once.
    await user.type(occupation, 'Zz');
    await user.clear(occupation);
    await user.tab();
    expect(await screen.findByText('Occupation is required.')).toBeInTheDocument();
    expect(screen.getAllByText('Occupation is required.')).toHaveLength(1);
    expect(occupation).toHaveAccessibleDescription('Occupation is required.');
  });

  it('without an Other option, says only to pick one from the list', async () => {
    const user = userEvent.setup();
    const schema = { ...occupationSchema, properties: { occupation: { ...occupationSchema.properties.occupation, oneOf: occupationSchema.properties.occupation.oneOf.slice(0, 2) } } };
    const form = formFromModule(await compileToModule('test/occupation-no-other', schema, { occupation: { 'ui:widget': 'searchable-select' } }));
    render(<SchemaForm form={form} onSubmit={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: /Occupation/ }), 'Pilot');
    await user.tab();
    expect(await screen.findByText('"Pilot" is not one of the choices: pick one from the list.')).toBeInTheDocument();
  });
});

describe('a file field with a message', () => {
  // In Chromium, Next on the address step with no proof attached (or a file the server refused) left the keyboard
  // on Next (or on the page body): on a phone the message sat above, out of sight, and Next seemed to do nothing.
  it('takes the keyboard to its Choose files button after a refused Next', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SchemaForm formId="onboarding/address" formData={{ address_line_1: '5 Frederick St', city: 'Port of Spain', country: 'TT', dwelling_status: 'Rented', utility_bill_type: 'Cable' }} onSubmit={onSubmit}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Choose files/ })).toHaveFocus());
  });

  it('and after a refusal from the server that names only the file field', async () => {
    const data = { address_line_1: '5 Frederick St', city: 'Port of Spain', country: 'TT', dwelling_status: 'Rented', utility_bill_type: 'Cable', proof_of_address_files: ['fake-photo.png'] };
    const { rerender } = render(<SchemaForm formId="onboarding/address" formData={data}><button type="submit">Next</button></SchemaForm>);
    await screen.findByRole('button', { name: 'Next' });
    rerender(<SchemaForm formId="onboarding/address" formData={data} serverErrors={{ proof_of_address_files: 'fake-photo.png: Invalid file type.' }}><button type="submit">Next</button></SchemaForm>);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Choose files/ })).toHaveFocus());
  });
});
