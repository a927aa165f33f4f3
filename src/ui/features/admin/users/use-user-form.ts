import { useEffect, useState } from 'react';
import { loadForm, type LoadedForm } from '../../../forms/load-form';
import { formRuleErrors } from '../../../../shared/transforms/form-rules';
import { todayIso } from '../../../../shared/facts';

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
  return formRuleErrors(form.schema, data, { today: todayIso() });
}
