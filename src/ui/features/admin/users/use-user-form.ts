import { useEffect, useState } from 'react';
import { translateApiError } from '../../../lib/translate-api-error';
import { loadForm, type LoadedForm } from '../../../forms/load-form';
import { formRuleErrors } from '../../../../shared/transforms/form-rules';
import { today } from '../../../../shared/dates/today';

/** Loads an admin user form (create or update) once, for SchemaForm and for the date rules below. */
export function useLoadedForm(formId: 'admin/user' | 'admin/user-update'): { form: LoadedForm | null; error: string | null } {
  const [form, setForm] = useState<LoadedForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadForm(formId).then(
      (f) => live && setForm(f),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [formId]);
  return { form, error };
}

/** The rules a static schema cannot hold (date of birth not after today), with the schema's own messages. */
export function dateRuleErrors(form: LoadedForm, data: Record<string, unknown>): Record<string, string> {
  return formRuleErrors(form.schema, data, { today: today() });
}

/**
 * Submitting an admin user form: the date rules first, then `save`. A refusal puts the server's field
 * errors under their fields and '{failurePrefix} {message}' in the form's alert.
 */
export function useUserFormSubmit(form: LoadedForm | null, failurePrefix: string, save: (values: Record<string, unknown>) => Promise<void>) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Record<string, unknown>) {
    if (!form) return;
    const ruleErrors = dateRuleErrors(form, values);
    setFieldErrors(ruleErrors);
    setFailure(null);
    if (Object.keys(ruleErrors).length) return;
    setBusy(true);
    try {
      await save(values);
    } catch (e) {
      const t = translateApiError(e);
      setFieldErrors(t.fieldErrors);
      setFailure(`${failurePrefix} ${t.message}`);
    } finally {
      setBusy(false);
    }
  }

  return { submit, fieldErrors, failure, busy };
}
