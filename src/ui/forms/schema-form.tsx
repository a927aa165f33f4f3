import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/mui';
import type CoreForm from '@rjsf/core';
import { getUiOptions, type ErrorSchema, type FieldProps, type RJSFValidationError, type WidgetProps } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { moveRequiredErrors } from '../../shared/forms/move-required-errors';
import { assertKnownWidgets } from '../../shared/forms/find-widget-names';
import { hideFieldsInUiSchema, withoutHiddenFields } from '../../shared/forms/visible-fields';
import { restrictOptionsInUiSchema } from '../../shared/forms/option-rules';
import { formOnlyRequiredErrors, withFormOnlyRequired } from '../../shared/forms/form-only-required';
import { formRuleErrors } from '../../shared/transforms/form-rules';
import { today } from '../../shared/dates/today';
import { loadForm, type LoadedForm } from './load-form';
import { placeError, propertyPath } from './place-error';
import { ALLOWED_OPTIONS_WIDGET, reviewWidgets, widgets } from './widget-registry';
import { WIDGET_NAMES } from '../../shared/forms/widget-names';
import { FileStore, type UploadProgress } from './file-store';
import DocumentChecklistWidget from './widgets/document-checklist-widget';
import GroupedObjectFieldTemplate from './templates/grouped-object-field-template';
import FieldErrorTemplate from './templates/field-error-template';
import BaseInputTemplate from './templates/base-input-template';

export interface SchemaFormProps<T = JsonObject> {
  /** A form id ("admin/user") whose precompiled validator is loaded; or pass `form` directly. */
  formId?: string;
  form?: LoadedForm;
  formData?: T;
  onChange?: (data: T) => void;
  /** Called with valid data only (the precompiled validator passed it). */
  onSubmit?: (data: T) => void | Promise<void>;
  /** Server field errors, field (dotted for nested) -> message: shown under the fields. */
  serverErrors?: Record<string, string>;
  /** A general error shown in an alert above the form. */
  generalError?: string | null;
  disabled?: boolean;
  /** Review mode: every field read-only, no buttons. */
  readonly?: boolean;
  /** The page already shows the form's heading: the schema's root `title` and `description` are not rendered. */
  hideTitle?: boolean;
  /**
   * When messages first appear: 'submit' (default: on the first submit, then live) or 'blur' (a field's messages
   * appear when it loses focus, then follow every change; a submit shows them all).
   */
  validateOn?: 'submit' | 'blur';
  /** Buttons (a `type="submit"` button submits); default: one submit button labelled by `ui:submitButtonOptions`. */
  children?: ReactNode;
  /** Extra values for widgets (a FileStore for file fields, upload progress, submitForm for OTP auto-submit). */
  formContext?: Record<string, unknown>;
  fileStore?: FileStore;
  uploadProgress?: UploadProgress;
  idPrefix?: string;
  /** The applicant's facts, for the form's transform and rules (the date keywords need only today's date). */
  facts?: Record<string, unknown>;
}

/**
 * Field -> message (dotted path) into RJSF's nested ErrorSchema, each message at the node that shows it
 * (place-error.ts); messages no visible field can show are returned apart, for the form's alert.
 */
export function toErrorSchema(errors: Record<string, string>, schema: JsonObject, uiSchema: JsonObject = {}): { errorSchema: ErrorSchema; unplaced: string[] } {
  const errorSchema: JsonObject = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const parts = placeError(field.split('.').filter(Boolean), schema, uiSchema);
    if (!parts?.length) {
      unplaced.push(message);
      continue;
    }
    let target = errorSchema;
    for (const part of parts) target = target[part] ??= {};
    if (!target.__errors?.includes(message)) (target.__errors ??= []).push(message);
  }
  return { errorSchema: errorSchema as ErrorSchema, unplaced };
}

/** RJSF gives objects to fields, not widgets: this field lets `document-checklist` sit on an object of booleans. */
function DocumentChecklistField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, uiSchema, disabled, readonly, rawErrors, registry } = props;
  return (
    <DocumentChecklistWidget
      {...(props as unknown as WidgetProps)}
      id={fieldPathId?.$id ?? 'root'}
      value={formData}
      schema={schema}
      options={getUiOptions(uiSchema)}
      disabled={disabled}
      readonly={readonly}
      rawErrors={rawErrors}
      registry={registry}
      onChange={(value: unknown) => onChange(value, fieldPathId?.path ?? [])}
    />
  );
}
/** A field whose `showWhen` does not hold: nothing is rendered (its value is removed, see visible-fields). */
function HiddenByConditionField() {
  return null;
}
const HIDDEN_BY_CONDITION = { 'ui:field': 'hidden-by-condition', 'ui:widget': 'hidden' };
const fields = { 'document-checklist': DocumentChecklistField, 'hidden-by-condition': HiddenByConditionField };
// `ui:groups` (sections with headings) on any object of a UI schema; each message once (a widget showing its own
// messages gets no second copy from RJSF's error list).
const templates = { ObjectFieldTemplate: GroupedObjectFieldTemplate, FieldErrorTemplate, BaseInputTemplate };

/**
 * The rules a static schema cannot hold (the date keywords of src/shared/transforms/form-rules.ts)
 * for the visible data: the server runs the same function, so the same message shows under the field before
 * submit. (Not RJSF's customValidate: with a precompiled validator it re-resolves if/then schemas and throws.)
 */
export function formRuleFieldErrors(schema: JsonObject, uiSchema: JsonObject, data: unknown, facts?: Record<string, unknown>): Record<string, string> {
  const shown = withoutHiddenFields(schema, uiSchema, (data ?? {}) as Record<string, unknown>);
  return { ...formOnlyRequiredErrors(schema, uiSchema, shown), ...formRuleErrors(schema, shown, { today: today(), facts }) };
}

/** An object-typed node whose `ui:widget` is a checklist renders through the checklist field instead. */
export function routeObjectWidgets(uiSchema: JsonObject, schema: JsonObject): JsonObject {
  const out: JsonObject = { ...uiSchema };
  if (schema?.type === 'object' && uiSchema['ui:widget'] === 'document-checklist') out['ui:field'] = 'document-checklist';
  for (const [key, sub] of Object.entries<JsonObject>(schema?.properties ?? {})) if (uiSchema[key] && typeof uiSchema[key] === 'object') out[key] = routeObjectWidgets(uiSchema[key], sub);
  return out;
}

/** RJSF's `label: false` on an object drops its title and description (nested objects keep theirs). */
export function withoutRootTitle(uiSchema: JsonObject, hide?: boolean): JsonObject {
  return hide ? { ...uiSchema, 'ui:options': { ...uiSchema['ui:options'], label: false } } : uiSchema;
}

const PASSWORD_WIDGETS = new Set(['password', 'password-strength']);
/** Review mode: a password is never shown back (an empty password box on a review page only confuses). */
export function withoutPasswordFields(uiSchema: JsonObject): JsonObject {
  const out: JsonObject = { ...uiSchema };
  for (const [key, sub] of Object.entries<JsonObject>(uiSchema)) {
    if (key.startsWith('ui:') || !sub || typeof sub !== 'object') continue;
    out[key] = PASSWORD_WIDGETS.has(sub['ui:widget']) ? { ...sub, ...HIDDEN_BY_CONDITION } : withoutPasswordFields(sub);
  }
  return out;
}

/**
 * validateOn 'blur': the schema's and the form rules' messages of the fields whose ids are given (RJSF ids:
 * `<prefix>_<path joined by _>`), as field (dotted) -> message.
 */
export function fieldErrorsFor(form: LoadedForm, data: unknown, ids: ReadonlySet<string>, prefix: string, rules: Record<string, string>): Record<string, string> {
  const idOf = (field: string) => [prefix, ...field.split('.').filter(Boolean)].join('_');
  const out: Record<string, string> = {};
  const { errors } = form.validator.validateFormData(data, form.schema, undefined, (e) => transformErrors(e, form.schema, form.uiSchema));
  for (const e of errors) {
    const field = (e.property ?? '').replace(/^\./, '');
    if (field && e.message && ids.has(idOf(field)) && !(field in out)) out[field] = e.message;
  }
  for (const [field, message] of Object.entries(rules)) if (ids.has(idOf(field)) && !(field in out)) out[field] = message;
  return out;
}

/**
 * How a form starts. Required choices start empty: by default RJSF would pre-select a list's first option (e.g. a
 * role), and a `const: true` (an agreement that must be accepted) would start ticked; a fixed value the form must
 * send (address_type, holder_type) says so with `default`. A list with `minItems` starts empty, not as `minItems`
 * empty entries (they showed as phantom file rows and held messages no field could show). A required yes/no
 * starts unanswered, not No: a declaration (politically exposed?) is the applicant's own answer, and an
 * unanswered one shows its message.
 */
export const DEFAULT_FORM_STATE = { constAsDefaults: 'never', arrayMinItems: { populate: 'never' }, requiredBooleanDefault: 'skip' } as const;

/**
 * After a refused submit, the keyboard goes to the first field that shows a problem, in the order the page shows
 * them (whatever the order of the validator's errors, and for widgets too: radios, checkboxes, file buttons).
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  setTimeout(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error input:not([type="hidden"]), .Mui-error button, .Mui-error [tabindex="0"]');
    target?.focus();
  }, 0);
}

const ROOT = '.';
/**
 * The browser validator's errors as the form shows them: an `if` error ('must match "then" schema') only says a
 * branch failed (the branch's own errors carry the words), `required` messages move onto their fields, and each
 * message moves to the node that draws it (place-error.ts). A message no visible field can show goes to the
 * root, which SchemaForm shows in its alert: a refused submit is never silent.
 */
export function transformErrors(errors: RJSFValidationError[], schema: JsonObject, uiSchema: JsonObject): RJSFValidationError[] {
  return (moveRequiredErrors(errors.filter((e) => e.name !== 'if'))).map((error) => {
    const placed = placeError(propertyPath(error.property), schema, uiSchema);
    const property = placed?.length ? `.${placed.join('.')}` : ROOT;
    return property === error.property ? error : { ...error, property, stack: `${property} ${error.message ?? ''}`.trim() };
  });
}
/** The messages of errors placed at the root (see transformErrors), once each; none when one field draws the whole form (a checklist shows its own). */
export function rootMessages(errors: readonly RJSFValidationError[] | undefined, schema: JsonObject, uiSchema: JsonObject): string[] {
  if (placeError([], schema, uiSchema)) return [];
  return [...new Set((errors ?? []).filter((e) => (e.property ?? ROOT) === ROOT && e.message).map((e) => e.message!))];
}

/**
 * Renders a form of forms/ with @rjsf/mui and validates it with its precompiled validator (no eval, so it
 * runs under the app's CSP). Messages come from the schema; server errors land under their fields.
 */
export function SchemaForm<T = JsonObject>(props: SchemaFormProps<T>) {
  const { formId, form: given } = props;
  const [loaded, setLoaded] = useState<LoadedForm | null>(given ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (given) {
      setLoaded(given);
      return undefined;
    }
    if (!formId) return undefined;
    let live = true;
    setLoaded(null);
    loadForm(formId).then(
      (f) => live && setLoaded(f),
      (e: Error) => live && setLoadError(e.message),
    );
    return () => {
      live = false;
    };
  }, [formId, given]);

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading form" />
      </Box>
    );
  }
  return <LoadedSchemaForm {...props} form={loaded} />;
}

function LoadedSchemaForm<T>({ form, formData, onChange, onSubmit, serverErrors, generalError, disabled, readonly, hideTitle, validateOn = 'submit', children, formContext, fileStore, uploadProgress, idPrefix, facts }: SchemaFormProps<T> & { form: LoadedForm }) {
  // Fail loudly, naming the widget and the schema, rather than render a field the analyst did not mean.
  assertKnownWidgets(form.id, form.schema, form.uiSchema, WIDGET_NAMES);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<CoreForm<T>>(null);
  const ownStore = useMemo(() => fileStore ?? new FileStore(), [fileStore]);
  const [ruleErrors, setRuleErrors] = useState<Record<string, string>>({});
  // validateOn 'blur': the ids of the fields that lost focus, and their messages until the first submit.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [blurErrors, setBlurErrors] = useState<Record<string, string>>({});
  // The browser validator's messages that no visible field can show (see transformErrors).
  const [rootErrors, setRootErrors] = useState<string[]>([]);
  const context = useMemo(
    () => ({ fileStore: ownStore, uploadProgress: uploadProgress ?? {}, submitForm: () => formRef.current?.submit(), ...formContext }),
    [ownStore, uploadProgress, formContext],
  );
  const submitText = form.uiSchema['ui:submitButtonOptions']?.submitText ?? 'Submit';
  // `showWhen` (forms/README.md "Visibility"): a hidden field is not rendered and its value is never sent.
  const visible = (data: unknown) => withoutHiddenFields(form.schema, form.uiSchema, (data ?? {}) as Record<string, unknown>) as T;
  // The live data (also when the parent does not control formData), so visibility follows every change.
  const [live, setLive] = useState<unknown>(formData);
  useEffect(() => setLive(formData), [formData]);
  const shownData = useMemo(() => visible(live), [live, form]); // eslint-disable-line react-hooks/exhaustive-deps
  const uiSchema = useMemo(
    () => {
      // `optionsWhen` (forms/README.md "Option rules"): a field under a rule in force offers only the allowed options.
      const restricted = restrictOptionsInUiSchema(form.schema, form.uiSchema, shownData, facts, ALLOWED_OPTIONS_WIDGET);
      const shown = hideFieldsInUiSchema(form.schema, restricted, shownData, HIDDEN_BY_CONDITION);
      return withoutRootTitle(routeObjectWidgets(readonly ? withoutPasswordFields(shown) : shown, form.schema), hideTitle);
    },
    [form.uiSchema, form.schema, shownData, hideTitle, readonly, facts],
  );
  // Server messages win over the browser's own rule messages for the same field.
  const { errorSchema, unplaced } = useMemo(
    () => toErrorSchema({ ...(submitted ? {} : blurErrors), ...ruleErrors, ...(serverErrors ?? {}) }, form.schema, uiSchema),
    [blurErrors, submitted, ruleErrors, serverErrors, form.schema, uiSchema],
  );
  const general = [...new Set([generalError, ...unplaced, ...rootErrors].filter(Boolean) as string[])];
  const placeErrors = useCallback((errors: RJSFValidationError[], ui?: JsonObject) => transformErrors(errors, form.schema, ui ?? uiSchema), [form.schema, uiSchema]);
  const rulesFor = (data: unknown) => formRuleFieldErrors(form.schema, form.uiSchema, data, facts);
  // Fields required in the form only (a confirmation an API client may leave out) show as required.
  const renderSchema = useMemo(() => withFormOnlyRequired(form.schema, form.uiSchema), [form.schema, form.uiSchema]);
  const touchedErrors = (data: unknown, ids: ReadonlySet<string>) =>
    ids.size ? fieldErrorsFor(form, data, ids, idPrefix ?? 'root', rulesFor(data)) : {};

  return (
    <Box>
      {general.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {general.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      <Form
        ref={formRef}
        idPrefix={idPrefix}
        schema={renderSchema}
        uiSchema={uiSchema}
        fields={fields}
        templates={templates}
        validator={form.validator}
        widgets={readonly ? reviewWidgets : widgets}
        formData={shownData}
        formContext={context}
        extraErrors={errorSchema}
        transformErrors={placeErrors}
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        liveValidate={submitted ? 'onChange' : false}
        disabled={disabled}
        readonly={readonly}
        onChange={(event) => {
          const next = visible(event.formData);
          setLive(next);
          if (submitted) {
            setRuleErrors(rulesFor(next));
            setRootErrors(rootMessages(event.errors, form.schema, uiSchema));
          }
          else if (validateOn === 'blur') setBlurErrors(touchedErrors(next, touched));
          onChange?.(next);
        }}
        onBlur={(id) => {
          if (validateOn !== 'blur' || submitted) return;
          const ids = new Set(touched).add(id);
          setTouched(ids);
          setBlurErrors(touchedErrors(live, ids));
        }}
        onError={(errors) => {
          setSubmitted(true);
          focusFirstInvalid(formRef.current?.formElement?.current);
          setRootErrors(rootMessages(errors, form.schema, uiSchema));
          setRuleErrors(rulesFor(live));
        }}
        onSubmit={(event) => {
          setSubmitted(true);
          setRootErrors([]);
          const rules = rulesFor(event.formData);
          setRuleErrors(rules);
          const first = Object.keys(rules)[0];
          if (first) {
            focusFirstInvalid(formRef.current?.formElement?.current);
            return undefined;
          }
          return onSubmit?.(visible(event.formData));
        }}
      >
        {readonly ? (
          <></>
        ) : (
          (children ?? (
            <Box sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" disabled={disabled}>
                {submitText}
              </Button>
            </Box>
          ))
        )}
      </Form>
    </Box>
  );
}
