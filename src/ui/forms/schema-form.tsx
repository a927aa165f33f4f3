import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/mui';
import type CoreForm from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { assertKnownWidgets } from '../../shared/forms/find-widget-names';
import { hideFieldsInUiSchema, withoutHiddenFields } from '../../shared/forms/visible-fields';
import { restrictOptionsInUiSchema } from '../../shared/forms/option-rules';
import { withFormOnlyRequired } from '../../shared/forms/form-only-required';
import { loadForm, type LoadedForm } from './load-form';
import { submitTextOf } from './submit-text';
import { ALLOWED_OPTIONS_WIDGET, formWidgets, reviewWidgets } from './widget-registry';
import { WIDGET_NAMES } from '../../shared/forms/widget-names';
import { FileStore, type UploadProgress } from './file-store';
import DocumentChecklistField from './fields/document-checklist-field';
import HiddenByConditionField, { HIDDEN_BY_CONDITION } from './fields/hidden-by-condition-field';
import { toErrorSchema } from './to-error-schema';
import { formRuleFieldErrors } from './form-rule-field-errors';
import { routeObjectWidgets } from './route-object-widgets';
import { withoutRootTitle } from './without-root-title';
import { withoutPasswordFields } from './without-password-fields';
import { fieldErrorsFor } from './field-errors-for';
import { focusFirstInvalid } from './focus-first-invalid';
import { afterPointerRelease } from './after-pointer-release';
import { transformErrors } from './transform-errors';
import { rootMessages } from './root-messages';
import GroupedObjectFieldTemplate from './templates/grouped-object-field-template';
import FieldErrorTemplate from './templates/field-error-template';
import BaseInputTemplate from './templates/base-input-template';
import FieldHelpTemplate from './templates/field-help-template';
import DescriptionFieldTemplate from './templates/description-field-template';
import { PAGE_TEXTS } from '../../shared/page-texts';
import { REQUEST_TEXTS } from '../../shared/request-texts';
import * as WELCOME from '../../../forms/messages/welcome.json';

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
   * appear when it loses focus, then follow every change; a submit shows them all) or 'change' (every change shows
   * every message at once: the analyst studio's preview).
   */
  validateOn?: 'submit' | 'blur' | 'change';
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

const fields = { 'document-checklist': DocumentChecklistField, 'hidden-by-condition': HiddenByConditionField };
// `ui:groups` (sections with headings) on any object of a UI schema; each message once (a widget showing its own
// messages gets no second copy from RJSF's error list).
const templates = { ObjectFieldTemplate: GroupedObjectFieldTemplate, FieldErrorTemplate, FieldHelpTemplate, BaseInputTemplate, DescriptionFieldTemplate };

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
 * Renders a form of forms/ with @rjsf/mui and validates it with its precompiled validator (no eval, so it
 * runs under the app's CSP). Messages come from the schema; server errors land under their fields.
 */
export function SchemaForm<T = JsonObject>(props: SchemaFormProps<T>) {
  const { formId, form: given } = props;
  const [loaded, setLoaded] = useState<LoadedForm | null>(given ?? null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (given) {
      setLoaded(given);
      return undefined;
    }
    if (!formId) return undefined;
    let live = true;
    setLoaded(null);
    setLoadFailed(false);
    loadForm(formId).then(
      // Drawn in a transition: React renders a long form in slices, so the page stays responsive meanwhile.
      (f) => live && startTransition(() => setLoaded(f)),
      (e: Error) => {
        // Said to people in their words (a build replaced since the page opened, a dropped connection); the detail
        // is for the developer's console.
        console.error(e);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [formId, given]);

  if (loadFailed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => location.reload()}>
            {WELCOME.reload}
          </Button>
        }
      >
        {WELCOME.notShownBody}
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={PAGE_TEXTS.loadingForm} />
      </Box>
    );
  }
  return <LoadedSchemaForm {...props} form={loaded} />;
}

/** Whether two form data hold the same value at a dotted field path (`beneficiaries.0.first_name`). */
function sameValueAt(a: unknown, b: unknown, path: string): boolean {
  const at = (data: unknown) => path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
  return JSON.stringify(at(a)) === JSON.stringify(at(b));
}

function LoadedSchemaForm<T>({ form, formData, onChange, onSubmit, serverErrors, generalError, disabled, readonly, hideTitle, validateOn = 'submit', children, formContext, fileStore, uploadProgress, idPrefix, facts }: SchemaFormProps<T> & { form: LoadedForm }) {
  // Fail loudly, naming the widget and the schema, rather than render a field the analyst did not mean.
  assertKnownWidgets(form.id, form.schema, form.uiSchema, WIDGET_NAMES);
  const [submittedOnce, setSubmitted] = useState(false);
  // 'change': as if submitted from the start, so every change shows every message.
  const submitted = submittedOnce || validateOn === 'change';
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
  const submitText = submitTextOf(form, 'Submit');
  // `showWhen` (forms/README.md "Visibility"): a hidden field is not rendered and its value is never sent.
  const visible = (data: unknown) => withoutHiddenFields(form.schema, form.uiSchema, (data ?? {}) as Record<string, unknown>, facts) as T;
  // The live data (also when the parent does not control formData), so visibility follows every change.
  const [live, setLive] = useState<unknown>(formData);
  useEffect(() => setLive(formData), [formData]);
  const liveNow = useRef(live);
  useEffect(() => {
    liveNow.current = live;
  }, [live]);
  const shownData = useMemo(() => visible(live), [live, form, facts]); // eslint-disable-line react-hooks/exhaustive-deps
  const uiSchema = useMemo(
    () => {
      // `optionsWhen` (forms/README.md "Option rules"): a field under a rule in force offers only the allowed options.
      const restricted = restrictOptionsInUiSchema(form.schema, form.uiSchema, shownData, facts, ALLOWED_OPTIONS_WIDGET);
      const shown = hideFieldsInUiSchema(form.schema, restricted, shownData, HIDDEN_BY_CONDITION, facts);
      return withoutRootTitle(routeObjectWidgets(readonly ? withoutPasswordFields(shown) : shown, form.schema), hideTitle);
    },
    [form.uiSchema, form.schema, shownData, hideTitle, readonly, facts],
  );
  // A server's message about a field stands while the field holds what was sent: once the person changes it, the
  // message (a taken email, say) no longer speaks of what they see, and the next check answers the new value.
  const [serverSeen, setServerSeen] = useState({ errors: serverErrors, data: live });
  if (serverSeen.errors !== serverErrors) setServerSeen({ errors: serverErrors, data: live });
  // A refusal from the server takes the keyboard to its first field, as the browser's own check does: the field may
  // be scrolled out of sight (a taken email at the top of a long form on a phone), the focus left on nothing.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusFirstInvalid(formRef.current?.formElement?.current);
  }, [serverErrors]);
  const standingServerErrors = useMemo(
    () => Object.fromEntries(Object.entries(serverErrors ?? {}).filter(([path]) => sameValueAt(live, serverSeen.data, path))),
    [serverErrors, serverSeen, live],
  );
  // Server messages win over the browser's own rule messages for the same field.
  const { errorSchema, unplaced } = useMemo(
    () => toErrorSchema({ ...(submitted ? {} : blurErrors), ...ruleErrors, ...standingServerErrors }, form.schema, uiSchema),
    [blurErrors, submitted, ruleErrors, standingServerErrors, form.schema, uiSchema],
  );
  // The refusal's summary goes with the last of the field messages it summed up.
  const refusalAnswered = Object.keys(serverErrors ?? {}).length > 0 && Object.keys(standingServerErrors).length === 0;
  // A summary that only repeats the message under its field says where to look instead (it was read twice).
  const summary = generalError && Object.values(standingServerErrors).includes(generalError) ? REQUEST_TEXTS.fixFields : generalError;
  const general = [...new Set([refusalAnswered ? null : summary, ...unplaced, ...rootErrors].filter(Boolean) as string[])];
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
        widgets={readonly ? reviewWidgets : formWidgets}
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
          // A press elsewhere took the focus: its messages wait until it is released (after-pointer-release.ts),
          // then read the form as it is by then (the press may have ticked a box).
          afterPointerRelease(() => setBlurErrors(touchedErrors(liveNow.current, ids)));
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
