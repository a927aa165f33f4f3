import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import type { FlatFormDefinition } from './load-flat-form';
import { flatWidgetFor } from './flat-widget-for';
import { flatFieldOrder } from './flat-field-order';
import { FORM_ONLY_REQUIRED } from '../../shared/forms/form-only-required';
import { afterPointerRelease } from './after-pointer-release';

export interface FlatFormState {
  values: Record<string, string>;
  /** A message is showing under some field. */
  hasErrors: boolean;
}

export interface FlatFormProps {
  form: FlatFormDefinition;
  /** Called with valid values only (every field checked first; focus goes to the first invalid one). */
  onSubmit: (values: Record<string, string>) => void;
  initialValues?: Record<string, string>;
  onValuesChange?: (values: Record<string, string>) => void;
  /** Field -> message from the server, shown under the field until the field's own check has something to say. */
  serverErrors?: Record<string, string | undefined>;
  disabled?: boolean;
  /** Above the fields (alerts), inside the form. */
  before?: ReactNode;
  /** Below the fields: the buttons and links, given the values and whether a message shows. */
  children?: (state: FlatFormState) => ReactNode;
  /** Space between the rows (MUI spacing units). */
  spacing?: number;
}

/**
 * A form of string fields drawn from its schema and UI schema (`ui:order`, `ui:title` / `title`, `ui:widget`,
 * `ui:autocomplete`, `ui:placeholder`, `ui:help`, `ui:autofocus`, `ui:options.inputMode`, `requiredInForm`), checked
 * with the form's precompiled validator, so its messages are the schema's. A field's message appears when it loses
 * focus, then follows the typing; submitting checks every field. The sign-in and reset pages use it instead of
 * SchemaForm: no RJSF and no Select/Menu/Modal on the first pages.
 */
export function FlatForm({ form, onSubmit, initialValues, onValuesChange, serverErrors, disabled, before, children, spacing = 2.5 }: FlatFormProps) {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const order = useMemo(() => flatFieldOrder(form.schema, form.uiSchema), [form]);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(order.map((field) => [field, initialValues?.[field] ?? ''])));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const found = useMemo(() => form.validate(values), [form, values]);
  // A server message stands until its field is edited; new server messages stand again.
  const [edited, setEdited] = useState<{ of?: FlatFormProps['serverErrors']; fields: Record<string, boolean> }>({ of: serverErrors, fields: {} });
  if (edited.of !== serverErrors) setEdited({ of: serverErrors, fields: {} });
  const shown = (field: string) => (touched[field] ? found[field] : undefined) ?? (edited.fields[field] ? undefined : serverErrors?.[field]);
  const hasErrors = order.some((field) => Boolean(shown(field)));
  // A new server message under a field takes the focus there: a screen reader reads the field with its message (its
  // description) and the eye finds it where it belongs, so the page need not say it again above the form. Keyed by the
  // messages, not the object (pages pass a new one on each render).
  const refusedKey = order.map((field) => serverErrors?.[field] ?? '').join('\u0000');
  useEffect(() => {
    const refused = order.find((field) => serverErrors?.[field]);
    if (refused) formRef.current?.querySelector<HTMLElement>(`[data-field="${refused}"] input`)?.focus();
    // Only when the messages change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedKey]);

  const change = (field: string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setEdited((e) => ({ ...e, fields: { ...e.fields, [field]: true } }));
    onValuesChange?.(next);
  };
  /** Shows every field's message and takes the keyboard to the first; true when there is one. */
  const reveal = (current: Record<string, string>) => {
    const messages = form.validate(current);
    setTouched(Object.fromEntries(order.map((field) => [field, true])));
    const firstInvalid = order.find((field) => messages[field]);
    if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[data-field="${firstInvalid}"] input`)?.focus();
    return Boolean(firstInvalid);
  };
  const submitValues = (current: Record<string, string>) => {
    if (!reveal(current)) onSubmit(current);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) submitValues(values);
  };
  // Enter in a box while the page holds its button back (a field empty or wrong, the spec's convention) shows why,
  // where the browser did nothing at all; it never sends (a button held back while a call runs stays so).
  const enterWithButtonHeld = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.nativeEvent.isComposing) return;
    if (formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) {
      event.preventDefault();
      reveal(values);
    }
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} onKeyDown={enterWithButtonHeld}>
      <Stack spacing={spacing}>
        {before}
        {order.map((field) => {
          const schema = form.schema.properties[field];
          const ui = form.uiSchema[field] ?? {};
          const Widget = flatWidgetFor(form.id, field, schema, ui);
          const required = (form.schema.required ?? []).includes(field) || ui['ui:options']?.[FORM_ONLY_REQUIRED] === true;
          return (
            <div key={field} data-field={field}>
              <Widget
                id={`${baseId}-${field}`}
                name={field}
                label={ui['ui:title'] ?? schema.title ?? field}
                value={values[field]}
                onChange={(value) => change(field, value)}
                onBlur={() => afterPointerRelease(() => setTouched((t) => ({ ...t, [field]: true })))}
                onComplete={(value) => !disabled && submitValues({ ...values, [field]: value })}
                error={shown(field)}
                help={ui['ui:help']}
                required={required}
                disabled={disabled && ui['ui:widget'] === 'otp'}
                autoComplete={ui['ui:autocomplete']}
                placeholder={ui['ui:placeholder']}
                autoFocus={ui['ui:autofocus']}
                maxLength={schema.maxLength}
                inputMode={ui['ui:options']?.inputMode}
              />
            </div>
          );
        })}
        {children?.({ values, hasErrors })}
      </Stack>
    </Box>
  );
}
