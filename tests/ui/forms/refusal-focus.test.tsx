// @vitest-environment happy-dom
// A refused Next always takes the keyboard to the field it refuses, even when that field's own box cannot take the
// focus yet: an agreement's box stays disabled until its document is opened, and with only that answer missing the
// focus stayed on Next and the message appeared out of sight and unannounced (a Next that seemed to do nothing).
// The forms, the fields and the answers come from forms/ and the QA journeys: an agreement an analyst adds is covered.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listFormIds, resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { fieldsDrawnBy } from '../../../src/shared/forms/widget-fields';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import { loadForm } from '../../../src/ui/forms/load-form';
import { listJourneyFiles, loadFlow, loadJourney, personalise } from '../../../scripts/lib/replay-journey';

const sources = readFormsDir();
const flow = loadFlow();

/** A journey's accepted answers for the step that shows `formId`, if any journey gives them. */
function journeyAnswers(formId: string): Record<string, unknown> | undefined {
  const steps = Object.entries(flow.steps).filter(([, s]) => s.form === formId).map(([id]) => id);
  for (const file of listJourneyFiles()) {
    const entry = loadJourney(file).entries.find((e) => steps.includes(e.step) && e.data && !e.expect && !e.skip);
    if (entry) return personalise(entry.data!, { tag: 't1', digits: '5550001' });
  }
  return undefined;
}

const cases = listFormIds(sources).flatMap((formId) => {
  const { uiSchema } = resolveForm(sources, formId);
  const answers = journeyAnswers(formId);
  return answers ? fieldsDrawnBy(uiSchema, ['agreement']).map((field) => [formId, field, answers] as const) : [];
});

describe('a refused Next whose only problem is an agreement not yet read', () => {
  it('the configuration has such a field (else this suite tests nothing)', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map(([formId, field, answers]) => [`${formId}: ${field}`, formId, field, answers] as const))(
    '%s: the keyboard goes to the field (its "Read" button), the box is marked invalid and described by the message',
    async (_name, formId, field, answers) => {
      const user = userEvent.setup();
      const form = await loadForm(formId);
      const onSubmit = vi.fn();
      const data = { ...answers };
      delete data[field];
      render(
        <SchemaForm form={form} formData={data} onSubmit={onSubmit}>
          <button type="submit">Next</button>
        </SchemaForm>,
      );
      const next = screen.getByRole('button', { name: 'Next' });
      await user.click(next);
      const box = document.getElementById(`root_${field}`)!;
      expect(box).toBeDisabled();
      await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
      expect(box.getAttribute('aria-describedby') ?? '').toContain(`root_${field}__error`);
      const container = box.closest<HTMLElement>('.MuiFormControl-root')!;
      await waitFor(() => expect(container.contains(document.activeElement)).toBe(true));
      expect(document.activeElement).toBe(within(container).getByRole('button'));
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );
});
