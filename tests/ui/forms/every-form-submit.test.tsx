// @vitest-environment happy-dom
// Every form of forms/, submitted empty as a person on a first visit would: no list starts with phantom
// entries (a file row "Remove undefined"), nothing is sent, and every message the validator gives is on
// the screen (under its field or in the form's alert). A refused submit is never silent.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultFormState } from '@rjsf/utils';
import { listFormIds } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { withoutHiddenFields } from '../../../src/shared/forms/visible-fields';
import { DEFAULT_FORM_STATE, SchemaForm } from '../../../src/ui/forms/schema-form';
import { transformErrors } from '../../../src/ui/forms/transform-errors';
import { loadForm, type LoadedForm } from '../../../src/ui/forms/load-form';

const sources = readFormsDir();

/** Every array in a value that holds an empty entry (undefined, null, '' or {}). */
function emptyEntries(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      item === undefined || item === null || item === '' || (typeof item === 'object' && !Array.isArray(item) && !Object.keys(item).length) ? [`${path}[${i}]`] : emptyEntries(item, `${path}[${i}]`),
    );
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => emptyEntries(v, `${path}.${k}`));
  return [];
}

describe.each(listFormIds(sources))('form %s submitted empty', (formId) => {
  let form: LoadedForm;
  beforeAll(async () => {
    // The module the build compiled from forms/, as the app loads it.
    form = await loadForm(formId);
  });

  it('starts with no empty list entries', () => {
    const start = getDefaultFormState(form.validator, form.schema, undefined, form.schema, false, DEFAULT_FORM_STATE);
    expect(emptyEntries(start)).toEqual([]);
  });

  it('names every group of choices and every control for a screen reader', () => {
    render(<SchemaForm form={form} onSubmit={() => undefined} />);
    for (const group of [...screen.queryAllByRole('radiogroup'), ...screen.queryAllByRole('group')]) expect(group, group.outerHTML.slice(0, 200)).toHaveAccessibleName();
    for (const control of [...screen.queryAllByRole('radio'), ...screen.queryAllByRole('textbox'), ...screen.queryAllByRole('checkbox'), ...screen.queryAllByRole('combobox')]) expect(control).toHaveAccessibleName();
  });

  it("starts every yes/no question unanswered: a declaration is the applicant's own answer, never a default", () => {
    render(<SchemaForm form={form} onSubmit={() => undefined} />);
    const answers = [...screen.queryAllByRole('radio', { name: 'Yes' }), ...screen.queryAllByRole('radio', { name: 'No' })];
    expect(answers.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
  });

  it('shows every message on the screen and sends nothing', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<SchemaForm form={form} onSubmit={onSubmit} />);
    const start = withoutHiddenFields(form.schema, form.uiSchema, getDefaultFormState(form.validator, form.schema, undefined, form.schema, false, DEFAULT_FORM_STATE) ?? {});
    const { errors } = form.validator.validateFormData(start, form.schema, undefined, (e) => transformErrors(e, form.schema, form.uiSchema));
    await userEvent.click(container.querySelector('button[type="submit"]')!);
    expect(screen.queryByRole('button', { name: /^Remove (undefined|null)?$/ })).toBeNull();
    if (!errors.length) return void (await waitFor(() => expect(onSubmit).toHaveBeenCalled()));
    const messages = [...new Set(errors.map((e) => e.message!))];
    await waitFor(() => expect(messages.filter((m) => !container.textContent!.includes(m))).toEqual([]));
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);
});
