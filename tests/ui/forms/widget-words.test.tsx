// @vitest-environment happy-dom
// The form widgets' and the wizard frame's own words are the configuration's (forms/messages/widgets.json): the
// defaults a form's ui:options may replace, and the names a screen reader reads. An analyst's rewording shows in the
// widgets; nothing here is written in the test but the rewording (and the form's own ui:options, which still win).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Host } from './widget-host';
import FileUploadWidget from '../../../src/ui/forms/widgets/file-upload-widget';
import BeneficiaryListWidget from '../../../src/ui/forms/widgets/beneficiary-list-widget';
import YesNoWidget from '../../../src/ui/forms/widgets/yes-no-widget';
import SelectWidget from '../../../src/ui/forms/widgets/select-widget';
import DocumentChecklistWidget from '../../../src/ui/forms/widgets/document-checklist-widget';
import { WizardLayout } from '../../../src/ui/features/onboarding/wizard-layout';
import { checkFiles, fileLimitsOf, formatBytes } from '../../../src/ui/forms/widgets/file-limits';
import { FileStore } from '../../../src/ui/forms/file-store';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { formFromModule } from '../../../src/ui/forms/load-form';
import { compileToModule } from './compile-to-module';
import { WIDGET_TEXTS } from '../../../src/shared/widget-texts';

const reworded = {
  chooseFiles: 'Pick documents',
  maxSizeEach: 'each at most {size}',
  upToFiles: '{count} documents at most',
  chosenFiles: 'Documents for {label}',
  removeFile: 'Take away the file {name}',
  filesAttached: 'Now attached: {names}',
  acceptedTypes: 'only {types} please',
  largerThan: 'over the {size} limit',
  atMostFiles: 'No more than {count} documents',
  byte: 'octet',
  bytes: 'octets',
  beneficiaries: 'Heirs',
  beneficiary: 'Unnamed heir',
  beneficiaryTotal: 'Shares given: {total}',
  addBeneficiary: 'Add this heir',
  updateBeneficiary: 'Save this heir',
  cancelEdit: 'Stop editing',
  editBeneficiary: 'Change {name}',
  removeBeneficiary: 'Drop {name}',
  confirmRemoval: 'Drop this heir?',
  removeBody: 'The heir leaves the list.',
  remove: 'Drop',
  cancel: 'Keep',
  useRemaining: 'Give the last {percent}%',
  percentAboveZero: 'A share above nothing, please.',
  fieldRequired: 'Tell us the {field}',
  yes: 'Indeed',
  no: 'Not at all',
  none: 'No choice',
  checklistProgress: '{ready}/{total} gathered',
  characterCount: '{length} of {max} letters used',
  notInList: '{typed}? Not on the list.',
  notInListOther: '{typed}? Not on the list: choose {other} and write it in.',
  flowProgress: 'How far along {flow} you are',
  percentComplete: '{percent} per cent done',
};
const before = { ...WIDGET_TEXTS };
beforeAll(() => {
  Object.assign(WIDGET_TEXTS, reworded);
});
afterAll(() => {
  Object.assign(WIDGET_TEXTS, before);
});

// No errorMessage: the widget's own words say why a file is refused.
const fileSchema = { type: 'array', title: 'Proof of Address', items: { type: 'string' }, maxItems: 2, maxFileSize: 1024, fileTypes: ['pdf', 'png'] };
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe("the widgets' words come from forms/messages/widgets.json", () => {
  it('file upload: its button, its hint, its list and each file\'s Remove, and its refusals', () => {
    const store = new FileStore();
    store.add(file('bill.pdf', 1));
    render(<Host Widget={FileUploadWidget} schema={fileSchema} initial={['bill.pdf']} formContext={{ fileStore: store }} />);
    const choose = screen.getByRole('button', { name: 'Pick documents: Proof of Address' });
    expect(choose).toHaveTextContent('Pick documents');
    expect(choose).toHaveAccessibleDescription('PDF, PNG · each at most 1 KB · 2 documents at most');
    const list = screen.getByRole('list', { name: 'Documents for Proof of Address' });
    expect(within(list).getByText('1 octet')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Take away the file bill.pdf' })).toBeInTheDocument();
    const input = screen.getByLabelText('Proof of Address', { selector: 'input' });
    fireEvent.change(input, { target: { files: [file('virus.exe', 10), file('huge.png', 4096), file('a.pdf', 5), file('b.pdf', 5)] } });
    expect(screen.getByText('virus.exe: only pdf, png please')).toBeInTheDocument();
    expect(screen.getByText('huge.png: over the 1 KB limit')).toBeInTheDocument();
    expect(screen.getByText('No more than 2 documents')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('["bill.pdf","a.pdf"]');
    // What a pick attached is said to a screen reader (the keyboard stays on the button).
    expect(screen.getByText('Now attached: a.pdf')).toHaveAttribute('role', 'status');
  });

  it("file limits: a form's own errorMessage still wins over the widget's words", () => {
    const limits = fileLimitsOf({ ...fileSchema, errorMessage: { fileTypes: 'PDF or PNG only.' } });
    expect(checkFiles([file('x.exe', 3)], limits, []).errors).toEqual(['x.exe: PDF or PNG only.']);
    expect(formatBytes(2)).toBe('2 octets');
  });

  it('beneficiary list: its heading, total, buttons, checks, Edit and Remove names and the removal dialog', async () => {
    const schema = {
      type: 'array',
      totalPercent: { field: 'percent', equals: 100 },
      items: { type: 'object', required: ['first_name', 'percent'], properties: { first_name: { type: 'string', title: 'first name' }, percent: { type: 'number', title: 'Percentage' } } },
    };
    render(<Host Widget={BeneficiaryListWidget} schema={schema} options={{ percentField: 'percent' }} initial={[{ first_name: 'Ann', percent: 60 }, { percent: 10 }]} />);
    expect(screen.getByRole('heading', { name: 'Heirs' })).toBeInTheDocument();
    expect(screen.getByText('Shares given: 70% / 100%')).toBeInTheDocument();
    expect(screen.getByText('Unnamed heir')).toBeInTheDocument();
    // Without an errorMessage, a missing answer and a share of nothing are said in the file's words.
    await userEvent.type(screen.getByLabelText(/Percentage/), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add this heir' }));
    expect(screen.getByText('Tell us the first name')).toBeInTheDocument();
    expect(screen.getByText('A share above nothing, please.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Percentage/));
    await userEvent.click(screen.getByRole('button', { name: 'Give the last 30%' }));
    expect(screen.getByLabelText(/Percentage/)).toHaveValue(30);
    await userEvent.click(screen.getByRole('button', { name: 'Change Ann' }));
    expect(screen.getByRole('button', { name: 'Save this heir' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drop Ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Drop this heir?' });
    expect(within(dialog).getByText('The heir leaves the list.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('[{"percent":10}]'));
  });

  it("beneficiary list: a form's ui:options still word its buttons", () => {
    const schema = { type: 'array', title: 'Beneficiaries', items: { type: 'object', properties: { first_name: { type: 'string', title: 'First Name' }, percent: { type: 'number', title: 'Percentage' } } } };
    render(<Host Widget={BeneficiaryListWidget} schema={schema} options={{ percentField: 'percent', addLabel: 'Add a person' }} />);
    expect(screen.getByRole('button', { name: 'Add a person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add this heir' })).toBeNull();
  });

  it('yes/no: its two answers (a form\'s yesLabel still wins)', () => {
    const { unmount } = render(<Host Widget={YesNoWidget} schema={{ type: 'boolean', title: 'Are you a politically exposed person?' }} />);
    const group = screen.getByRole('radiogroup', { name: 'Are you a politically exposed person?' });
    expect(within(group).getByRole('radio', { name: 'Indeed' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Not at all' })).toBeInTheDocument();
    unmount();
    render(<Host Widget={YesNoWidget} schema={{ type: 'boolean', title: 'Smoker?' }} options={{ yesLabel: 'I smoke' }} />);
    expect(screen.getByRole('radio', { name: 'I smoke' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Not at all' })).toBeInTheDocument();
  });

  it("an optional list's empty choice, and a checklist's count", async () => {
    const { unmount } = render(<Host Widget={SelectWidget} schema={{ type: 'string', title: 'Branch' }} options={{ enumOptions: [{ value: 'north', label: 'North' }] }} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Branch' }));
    expect(await screen.findByRole('option', { name: 'No choice' })).toBeInTheDocument();
    unmount();
    render(<Host Widget={DocumentChecklistWidget} schema={{ type: 'array', title: 'Documents', items: { enum: ['ID', 'Payslip'] } }} initial={['ID']} />);
    expect(screen.getByRole('progressbar', { name: '1/2 gathered' })).toBeInTheDocument();
  });

  it("a text box's character count and a searchable list's word for text it does not hold, in a form", async () => {
    const schema = {
      type: 'object',
      properties: {
        nickname: { type: 'string', title: 'Nickname', maxLength: 20 },
        occupation: { type: 'string', title: 'Occupation', oneOf: [{ const: 'teacher', title: 'Teacher' }, { const: 'other', title: 'Other' }] },
        sport: { type: 'string', title: 'Sport', oneOf: [{ const: 'cricket', title: 'Cricket' }] },
      },
    };
    const ui = { occupation: { 'ui:widget': 'searchable-select' }, sport: { 'ui:widget': 'searchable-select' } };
    const form = formFromModule(await compileToModule('test/widget-words', schema, ui));
    render(<SchemaForm form={form} formData={{ nickname: 'eighteen letters..' }} onSubmit={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAccessibleDescription('18 of 20 letters used');
    await userEvent.type(screen.getByRole('combobox', { name: 'Occupation' }), 'Pilot');
    await userEvent.tab();
    expect(await screen.findByText('Pilot? Not on the list: choose Other and write it in.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Sport' }), 'Polo');
    await userEvent.tab();
    expect(await screen.findByText('Polo? Not on the list.')).toBeInTheDocument();
  });

  it("the wizard frame: its progress bar's name and its percentage; Back in the words it is given (the flow's)", () => {
    render(
      <WizardLayout flowTitle="Open an account" title="Employment Information" progress={40} onBack={() => undefined} backLabel="Go back">
        <p>the form</p>
      </WizardLayout>,
    );
    expect(screen.getByRole('progressbar', { name: 'How far along Open an account you are' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 per cent done')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });
});
