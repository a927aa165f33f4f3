// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, within, fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Host } from './widget-host';
import FileUploadWidget from '../../../src/ui/forms/widgets/file-upload-widget';
import BeneficiaryListWidget from '../../../src/ui/forms/widgets/beneficiary-list-widget';
import PasswordStrengthWidget from '../../../src/ui/forms/widgets/password-strength-widget';
import { passwordStrength } from '../../../src/ui/components/strength-meter';
import { suggestSchools } from '../../../src/ui/forms/widgets/school-search-widget';
import { isTotalAcceptable, totalColor } from '../../../src/ui/forms/widgets/beneficiary-total';
import { FileStore } from '../../../src/ui/forms/file-store';
import { perFileProgress, toMultipart } from '../../../src/ui/features/onboarding/build-request';
import { createAjv } from '../../../src/shared/create-ajv';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { ONBOARDING_TEXTS } from '../../../src/shared/messages';
import { WIDGET_TEXTS } from '../../../src/shared/widget-texts';
import { fillText } from '../../../src/shared/fill-text';

const fileSchema = {
  type: 'array',
  title: 'Proof of Address',
  items: { type: 'string' },
  maxItems: 2,
  maxFileSize: 1024,
  fileTypes: ['pdf', 'png'],
  errorMessage: { maxFileSize: 'File size must be less than 1KB.', fileTypes: 'Invalid file type. Only PDF and PNG are allowed.', maxItems: 'You can upload up to 2 files.' },
};
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('file-upload widget', () => {
  it('accepts files within the limits, refuses the wrong type, the too large and the one too many', async () => {
    const store = new FileStore();
    render(<Host Widget={FileUploadWidget} schema={fileSchema} formContext={{ fileStore: store }} />);
    const input = screen.getByLabelText('Proof of Address', { selector: 'input' }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('a.pdf', 100), file('b.exe', 10), file('big.png', 2048), file('empty.pdf', 0)] } });
    expect(screen.getByTestId('value')).toHaveTextContent('["a.pdf"]');
    expect(screen.getByText(`empty.pdf: ${ONBOARDING_TEXTS.emptyFile}`)).toBeInTheDocument();
    // Each refusal names the file it is about.
    expect(screen.getByText('b.exe: Invalid file type. Only PDF and PNG are allowed.')).toBeInTheDocument();
    expect(screen.getByText('big.png: File size must be less than 1KB.')).toBeInTheDocument();
    // The button the keyboard goes to reads the refusals with it, then what it takes.
    expect(screen.getByRole('button', { name: 'Choose files: Proof of Address' })).toHaveAccessibleDescription(expect.stringMatching(/^b\.exe: Invalid file type.*big\.png: File size.*empty\.pdf: .*PDF, PNG/));
    expect(store.get('a.pdf')?.size).toBe(100);
    fireEvent.change(input, { target: { files: [file('c.png', 1024), file('d.png', 5)] } });
    expect(screen.getByTestId('value')).toHaveTextContent('["a.pdf","c.png"]');
    expect(screen.getByText('You can upload up to 2 files.')).toBeInTheDocument();
    // Named with its field: two upload fields on a step are two different buttons to a screen reader or voice control.
    expect(screen.getByRole('button', { name: 'Choose files: Proof of Address' })).toBeDisabled();
  });

  it('removes a file with its button (keyboard too)', async () => {
    const store = new FileStore();
    store.add(file('a.pdf', 1));
    render(<Host Widget={FileUploadWidget} schema={fileSchema} initial={['a.pdf']} formContext={{ fileStore: store }} />);
    screen.getByRole('button', { name: 'Remove a.pdf' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('null');
    expect(store.has('a.pdf')).toBe(false);
  });

  it('keeps the keyboard in the field when a Remove goes with its file (it fell to the page body)', async () => {
    const store = new FileStore();
    store.add(file('a.pdf', 1));
    store.add(file('b.png', 1));
    render(<Host Widget={FileUploadWidget} schema={fileSchema} initial={['a.pdf', 'b.png']} formContext={{ fileStore: store }} />);
    // The first of two: the keyboard goes to the Remove of the file that took its place.
    screen.getByRole('button', { name: 'Remove a.pdf' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove b.png' })).toHaveFocus());
    // The last one: the keyboard goes to Choose files, to attach the right file.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('null');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose files: Proof of Address' })).toHaveFocus());
  });

  it('shows a progress bar per file while uploading', () => {
    const store = new FileStore();
    store.add(file('a.pdf', 100));
    store.add(file('b.pdf', 300));
    const progress = perFileProgress({ files: ['a.pdf', 'b.pdf'], note: 'x' }, store, 250);
    expect(progress).toEqual({ 'a.pdf': 100, 'b.pdf': 50 });
    render(<Host Widget={FileUploadWidget} schema={fileSchema} initial={['a.pdf', 'b.pdf']} formContext={{ fileStore: store, uploadProgress: progress }} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading a.pdf' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Uploading b.pdf' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('sends one multipart part per file under the field name', () => {
    const store = new FileStore();
    store.add(file('a.pdf', 3));
    store.add(file('b.png', 4));
    const form = toMultipart({ proof: ['a.pdf', 'b.png'], city: 'Arima', is_primary: true, empty: null }, store);
    expect((form.getAll('proof') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.png']);
    expect(form.get('city')).toBe('Arima');
    expect(form.get('is_primary')).toBe('true');
    expect(form.has('empty')).toBe(false);
  });
});

const beneficiarySchema = {
  type: 'array',
  title: 'Beneficiaries',
  totalPercent: { field: 'percent', equals: 100 },
  errorMessage: { totalPercent: 'Total percentage must equal 100% before proceeding.' },
  items: {
    type: 'object',
    required: ['first_name', 'percent'],
    properties: { first_name: { type: 'string', title: 'First Name' }, percent: { type: 'number', title: 'Percentage' } },
    errorMessage: { required: { first_name: 'First name is required', percent: 'Percentage is required' } },
  },
};

describe('beneficiary-list widget', () => {
  it('keeps a running total chip, offers Use N%, and locks the add form at 100%', async () => {
    render(<Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent' }} />);
    expect(screen.getByText('Total 0% / 100%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/Percentage/), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(screen.getByText('Total 60% / 100%')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/First Name/), 'Bob');
    await userEvent.type(screen.getByLabelText(/Percentage/), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    // Over the total: the specification's own message, not the one for going on before 100%.
    expect(screen.getByText(ONBOARDING_TEXTS.totalExceeded)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use 40%' }));
    expect(screen.getByLabelText(/Percentage/)).toHaveValue(40);
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    // The total says what it is in its shown words (an aria-label on the chip's <div> was read by few screen readers).
    const chip = screen.getByText('Total 100% / 100%').closest<HTMLElement>('.MuiChip-root')!;
    expect(chip).not.toHaveAttribute('aria-label');
    // Green at once (no fade from amber, which showed white on brown in the browser).
    expect(chip).toHaveClass('MuiChip-colorSuccess');
    expect(getComputedStyle(chip).transition).toBe('none');
    // At 100% the add form folds away (editing an entry opens it again).
    await waitFor(() => expect(screen.queryByLabelText(/First Name/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add Beneficiary' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    await waitFor(() => expect(screen.queryByLabelText(/First Name/)).toBeNull());
  });

  it("Enter in an entry's field adds it (its Add), and a step around it is not sent; an incomplete one keeps the keyboard on its field", async () => {
    const sent: unknown[] = [];
    render(
      <form onSubmit={(event) => (event.preventDefault(), sent.push('step'))}>
        <Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent', addedMessage: 'Added.' }} />
        <button type="submit">Next</button>
      </form>,
    );
    await userEvent.type(screen.getByLabelText(/Percentage/), '60{Enter}');
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann{Enter}');
    expect(screen.getByText('Total 60% / 100%')).toBeInTheDocument();
    // Said where a screen reader hears it (the entry's fields are empty again; on a phone the card is above the screen).
    expect(screen.getByText('Added.').closest('[role="status"]')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ first_name: 'Ann', percent: 60 }]);
    expect(sent).toEqual([]);
  });

  it("'Added' stays until the next action on the list: nothing above Next moves on a timer, under a press on it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent', addedMessage: 'Added.' }} />);
      await user.type(screen.getByLabelText(/First Name/), 'Ann');
      await user.type(screen.getByLabelText(/Percentage/), '60{Enter}');
      expect(screen.getByText('Added.')).toBeInTheDocument();
      // It went 3 s after Add, moving Next up by its height: a press on Next as it went lost its click.
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.getByText('Added.')).toBeInTheDocument();
      // The person's next action on the list takes it away (here a refused Add: the entry typed was not added).
      await user.type(screen.getByLabelText(/First Name/), 'Bob{Enter}');
      expect(screen.queryByText('Added.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a refused Add (or Enter) a field's message goes as the field is corrected, as on a step after a refused Next", async () => {
    render(<Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent' }} />);
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann{Enter}');
    const { required } = beneficiarySchema.items.errorMessage;
    expect(screen.getByText(required.percent)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Percentage/), '60');
    // Corrected, not yet added: its message was still there under the 60 until the next Add.
    expect(screen.queryByText(required.percent)).toBeNull();
    expect(screen.getByLabelText(/Percentage/)).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText(/First Name/));
    expect(screen.getByText(required.first_name)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann{Enter}');
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ first_name: 'Ann', percent: 60 }]);
    // Added: the next entry starts without messages.
    await userEvent.type(screen.getByLabelText(/First Name/), 'B');
    expect(screen.queryByText(required.percent)).toBeNull();
  });

  it('edits in place and confirms removal', async () => {
    render(<Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent' }} initial={[{ first_name: 'Ann', percent: 70 }, { first_name: 'Bob', percent: 30 }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
    // The entry being edited is marked in words, for the eye and for a screen reader.
    const marked = screen.getByText(WIDGET_TEXTS.beingEdited).closest('[aria-current="true"]');
    expect(marked).toHaveTextContent(/^Ann70%/);
    const pct = screen.getByLabelText(/Percentage/);
    await userEvent.clear(pct);
    await userEvent.type(pct, '80');
    await userEvent.click(screen.getByRole('button', { name: 'Update Beneficiary' }));
    expect(screen.getByText('Total percentage cannot exceed 100% after update')).toBeInTheDocument();
    await userEvent.clear(pct);
    await userEvent.type(pct, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Update Beneficiary' }));
    expect(screen.getByText('Total 50% / 100%')).toBeInTheDocument();
    expect(screen.queryByText(WIDGET_TEXTS.beingEdited)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Removal' });
    // It names the one to be removed.
    expect(within(dialog).getByText(fillText(WIDGET_TEXTS.removeBody, { name: 'Bob' }))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('value')).toHaveTextContent('[{"first_name":"Ann","percent":20}]');
  });

  it('keeps the keyboard on the list when the button pressed folds away or goes with its entry (it fell to the page body)', async () => {
    render(<Host Widget={BeneficiaryListWidget} schema={beneficiarySchema} options={{ percentField: 'percent', fullMessage: 'All of it is allocated.' }} />);
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Use 100%' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    // At 100% the form and its Add button fold away: the keyboard lands on the message that says what next.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Beneficiary' })).toBeNull());
    expect(screen.getByText('All of it is allocated.').closest('.MuiAlert-root')).toHaveFocus();
    // Edit fills the form above with the entry: the keyboard goes to its first field, not left on Edit below it.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
    await waitFor(() => expect(screen.getByLabelText(/First Name/)).toHaveFocus());
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    // Cancel Edit at 100% folds the form again: the keyboard lands on the message.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(screen.getByText('All of it is allocated.').closest('.MuiAlert-root')).toHaveFocus();
    // Removing the only entry (its Remove button goes with it) reopens the form: the keyboard is on its first field.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Removal' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByLabelText(/First Name/)).toHaveFocus());
  });

  it('the 100% rule holds on both sides (schema keyword) and drives the chip colour', () => {
    const validate = createAjv().compile(beneficiarySchema);
    expect(validate([])).toBe(true);
    expect(validate([{ first_name: 'A', percent: 33.33 }, { first_name: 'B', percent: 66.67 }])).toBe(true);
    expect(validate([{ first_name: 'A', percent: 60 }])).toBe(false);
    expect(validate.errors?.[0].message).toBe('Total percentage must equal 100% before proceeding.');
    expect(isTotalAcceptable([{ p: 60 }], 'p')).toBe(false);
    expect([totalColor(100), totalColor(120), totalColor(40)]).toEqual(['success', 'error', 'warning']);
  });
});

describe('password-strength and school-search', () => {
  it('rates passwords Too weak, Weak, Medium, Strong', async () => {
    // Against the policy's four kinds of character: "password" breaks three rules, so it is Too weak, not Weak.
    expect(['abc', 'password', 'abcdefgh', 'Abcdefg1', 'Abcdefg1!', 'Ábcdéfg1€xyz'].map(passwordStrength)).toEqual([0, 0, 0, 1, 2, 3]);
    render(<Host Widget={PasswordStrengthWidget} schema={{ type: 'string', title: 'Password' }} />);
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Abcdefg1!');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('type', 'text');
  });

  it('strengthMeter: false keeps show/hide but shows no strength meter', async () => {
    render(<Host Widget={PasswordStrengthWidget} schema={{ type: 'string', title: 'Verify Password' }} options={{ strengthMeter: false }} />);
    await userEvent.type(screen.getByLabelText(/^Verify Password/, { selector: 'input' }), 'Abcdefg1');
    expect(screen.queryByText('Medium')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Verify Password/, { selector: 'input' })).toHaveAttribute('type', 'text');
  });

  it('lists the first schools under 2 typed characters and suggests at most 20 from 2', () => {
    const schools = Array.from({ length: 30 }, (_, i) => `School ${i}`);
    expect(suggestSchools(schools, 's')).toEqual(schools);
    expect(suggestSchools(schools, 'sc')).toHaveLength(20);
    expect(suggestSchools(schools, 'ol 2')).toEqual(['School 2', 'School 20', 'School 21', 'School 22', 'School 23', 'School 24', 'School 25', 'School 26', 'School 27', 'School 28', 'School 29']);
  });
});

describe('beneficiary-list widget in the designation form', () => {
  const item = resolveForm(readFormsDir(), 'onboarding/designation-of-beneficiary').schema.properties.beneficiaries.items;
  /** The message the form gives an ID number of this type that does not fit (its if/then), from forms/. */
  const idMessage = (type: string) => item.allOf.find((b: any) => b.if.properties.id_type.const === type).then.properties.id_number.errorMessage.pattern;

  it("checks an entry's own rules on Add (a birth date in the past, the ID number's format for its type), under its fields, and keeps it out of the list", async () => {
    const user = userEvent.setup();
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    render(<SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}} />);
    const dob = await screen.findByLabelText(/^Date of Birth/, { selector: '#root_beneficiaries-dob' });
    fireEvent.change(dob, { target: { value: '2999-01-01' } });
    await user.click(screen.getByRole('combobox', { name: /^ID Type/ }));
    const passport = item.properties.id_type.oneOf.find((o: any) => o.const === 'passport').title;
    await user.click(await screen.findByRole('option', { name: passport }));
    await user.type(document.querySelector<HTMLInputElement>('#root_beneficiaries-id_number')!, 'P123');
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(await screen.findByText(item.properties.dob.errorMessage.notAfterToday)).toBeInTheDocument();
    expect(screen.getByText(idMessage('passport'))).toBeInTheDocument();
    expect(document.querySelector('#root_beneficiaries-id_number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it("shows an entry's fields in the order of the UI schema's items (ui:order)", async () => {
    const ui = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../forms/onboarding/designation-of-beneficiary.ui.json'), 'utf8'));
    const order: string[] = ui.beneficiaries.items['ui:order'];
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    render(<SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}} />);
    await screen.findByLabelText(/^First Name/, { selector: '#root_beneficiaries-first_name' });
    const shown = Array.from(document.querySelectorAll<HTMLElement>('[id^="root_beneficiaries-"]'))
      .map((el) => el.id.slice('root_beneficiaries-'.length))
      .filter((field, i, all) => field in item.properties && all.indexOf(field) === i);
    expect(shown).toEqual(order.filter((field) => field !== '*'));
  });

  it('lists an entry under review in the same order', async () => {
    const ui = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../forms/onboarding/designation-of-beneficiary.ui.json'), 'utf8'));
    const order: string[] = ui.beneficiaries.items['ui:order'];
    const journey = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/journeys/adult-foreign-national.json'), 'utf8')) as { entries: Array<{ step: string; data?: { beneficiaries?: Array<Record<string, unknown>> } }> };
    const beneficiary = journey.entries.find((e) => e.step === 'designation-of-beneficiary')!.data!.beneficiaries![0];
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    render(<SchemaForm formId="onboarding/designation-of-beneficiary" formData={{ beneficiaries: [beneficiary] }} readonly hideTitle />);
    const card = (await screen.findAllByText(String(beneficiary.first_name), { exact: false }))[0].closest('.MuiCard-root') as HTMLElement;
    const titles = Array.from(card.querySelectorAll('dt')).map((dt) => dt.textContent);
    const expected = order
      .filter((field) => field !== '*' && titles.includes(String(item.properties[field].title)))
      .map((field) => item.properties[field].title);
    expect(titles.length).toBeGreaterThan(3);
    expect(titles).toEqual(expected);
  });

  it("draws an entry's field with the widget its UI schema names (items.<field>.ui:widget): a list of choices becomes one you type into, where Enter picks and does not add", async () => {
    const { loadForm } = await import('../../../src/ui/forms/load-form');
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    const loaded = await loadForm('onboarding/designation-of-beneficiary');
    const itemUi = loaded.uiSchema.beneficiaries.items;
    // The field the UI schema gives a typed-into list, else the item's longest list of choices given one here.
    const longest = Object.keys(item.properties).filter((f) => Array.isArray(item.properties[f].oneOf)).sort((a, b) => item.properties[b].oneOf.length - item.properties[a].oneOf.length)[0];
    const field = Object.keys(item.properties).find((f) => ['country-select', 'searchable-select'].includes(itemUi[f]?.['ui:widget'])) ?? longest;
    const form = { ...loaded, uiSchema: { ...loaded.uiSchema, beneficiaries: { ...loaded.uiSchema.beneficiaries, items: { ...itemUi, [field]: { ...itemUi[field], 'ui:widget': 'searchable-select' } } } } };
    const prop = item.properties[field];
    const choice = prop.oneOf[Math.floor(prop.oneOf.length / 2)];
    const user = userEvent.setup();
    render(<SchemaForm form={form} formData={{}} />);
    const box = await screen.findByRole('combobox', { name: new RegExp(`^${prop.title}`) });
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(box, choice.title);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue(choice.title);
    // Enter picked the option: the unfinished entry was not added (which would have marked its empty fields).
    expect(screen.queryByText(item.errorMessage.required.first_name)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(await screen.findByText(item.errorMessage.required.first_name)).toBeInTheDocument();
    expect(screen.queryByText(item.errorMessage.required[field])).toBeNull();
    // Emptied, the field says so under itself, and the box is described by the message.
    await user.clear(box);
    await user.tab();
    const message = await screen.findByText(item.errorMessage.required[field]);
    expect(box.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('says a birth date the browser cannot read (30 February) is no date, not that it is missing', async () => {
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    render(<SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}} />);
    const dob = await screen.findByLabelText(/^Date of Birth/, { selector: '#root_beneficiaries-dob' });
    // A browser's date box holding 02/30/2009 has the value '' and says so in its validity (jsdom has no such box).
    Object.defineProperty(dob, 'validity', { get: () => ({ badInput: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(await screen.findByText(item.properties.dob.errorMessage.format)).toBeInTheDocument();
    expect(screen.queryByText(item.properties.dob.errorMessage.type)).toBeNull();
  });
});

describe('beneficiary-list widget, read-only (an application under review)', () => {
  it("shows every answer of each beneficiary, options by their titles, not only the name and share", async () => {
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    const journey = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/journeys/adult-foreign-national.json'), 'utf8')) as { entries: Array<{ step: string; data?: { beneficiaries?: Array<Record<string, unknown>> } }> };
    const beneficiaries = journey.entries.find((e) => e.step === 'designation-of-beneficiary')!.data!.beneficiaries!;
    const form = resolveForm(readFormsDir(), 'onboarding/designation-of-beneficiary');
    const items = (form.schema.properties.beneficiaries as { items: { properties: Record<string, { title?: string; oneOf?: Array<{ const: unknown; title: string }> }> } }).items.properties;
    // As stored: an optional field left empty is null.
    render(<SchemaForm formId="onboarding/designation-of-beneficiary" formData={{ beneficiaries: beneficiaries.map((b) => ({ ...b, middle_name: null })) }} readonly hideTitle />);
    const first = (await screen.findAllByText(String(beneficiaries[0].first_name), { exact: false }))[0].closest('.MuiCard-root') as HTMLElement;
    for (const [field, value] of Object.entries(beneficiaries[0])) {
      if (value === '' || value === undefined) continue;
      const prop = items[field];
      const shown = prop.oneOf?.find((o) => o.const === value)?.title ?? String(value);
      // The name and the share head the card; every other answer is listed with its label.
      if (!['first_name', 'middle_name', 'last_name', 'percent_of_beneficiary_interest'].includes(field)) expect(within(first).getByText(String(prop.title ?? field)), field).toBeInTheDocument();
      expect(within(first).getAllByText(shown, { exact: false }).length, `${field}: ${shown}`).toBeGreaterThan(0);
    }
    expect(screen.queryByRole('button', { name: /Add Beneficiary|Remove|Edit/ })).toBeNull();
    expect(within(first).queryByText('null')).toBeNull();
  });
});

describe('beneficiary-list widget: a beneficiary typed but not added', () => {
  it('stops Next and says so, with Add and Discard; the step goes on once the list holds them or the fields are cleared', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    render(
      <SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}} onSubmit={(data) => void sent.push(data)}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    await user.type(await screen.findByLabelText(/^First Name/, { selector: '#root_beneficiaries-first_name' }), 'Min');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You typed a beneficiary you have not added');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(sent).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText(/^First Name/, { selector: '#root_beneficiaries-first_name' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('adds a complete one on Next and sends the step with them; an incomplete one shows its messages at once', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    const { SchemaForm } = await import('../../../src/ui/forms/schema-form');
    // A beneficiary from a QA journey, typed into the add form as a person would, without pressing Add.
    const journey = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/journeys/adult-foreign-national.json'), 'utf8')) as { entries: Array<{ step: string; data?: { beneficiaries?: Array<Record<string, unknown>> } }> };
    const beneficiary: Record<string, unknown> = { ...journey.entries.find((e) => e.step === 'designation-of-beneficiary')!.data!.beneficiaries![0], percent_of_beneficiary_interest: 100 };
    render(
      <SchemaForm formId="onboarding/designation-of-beneficiary" formData={{}} onSubmit={(data) => void sent.push(data)}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    const field = async (name: string) => (await screen.findAllByText((_, el) => el?.id === `root_beneficiaries-${name}`))[0] as HTMLElement;
    // Without its ID number first: Next shows the field's own message, and sends nothing.
    for (const [name, value] of Object.entries({ ...beneficiary, id_number: '' })) {
      if (value === '' || value === undefined) continue;
      const input = await field(name);
      if (input.getAttribute('aria-autocomplete') === 'list') {
        // A list typed into (the UI schema's country-select): its option's title, then the option.
        const props = resolveForm(readFormsDir(), 'onboarding/designation-of-beneficiary').schema.properties.beneficiaries.items.properties;
        const title = String(props[name].oneOf.find((o: { const: unknown }) => o.const === value).title);
        await user.type(input, title);
        await user.click(await screen.findByRole('option', { name: title }));
      } else if (input.getAttribute('role') === 'combobox') {
        await user.click(input);
        const listbox = await screen.findByRole('listbox');
        const option = within(listbox).getAllByRole('option').find((o) => o.getAttribute('data-value') === String(value))!;
        await user.click(option);
      } else fireEvent.change(input, { target: { value: String(value) } });
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You typed a beneficiary you have not added');
    expect(document.querySelector('#root_beneficiaries-id_number-helper-text')?.textContent).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(await field('id_number'), { target: { value: String(beneficiary.id_number) } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].beneficiaries).toEqual([expect.objectContaining({ first_name: beneficiary.first_name, id_number: beneficiary.id_number, percent_of_beneficiary_interest: 100 })]);
  });
});
