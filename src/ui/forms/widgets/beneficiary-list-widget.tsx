import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { JsonObject } from '../../../shared/forms/form-registry';
import { errorId, getUiOptions, isObject, orderProperties, type UiSchema, type WidgetProps } from '@rjsf/utils';
import { Alert, Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormHelperText, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { totalColor, totalPercent } from './beneficiary-total';
import { formRuleErrors } from '../../../shared/transforms/form-rules';
import { today } from '../../../shared/dates/today';
import { ONBOARDING_TEXTS } from '../../../shared/onboarding-texts';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';
import { focusFirstInvalid } from '../focus-first-invalid';
import { unreadableDateMessage } from '../unreadable-date-message';

type Item = Record<string, unknown>;

/** The item's fields in `ui:order` (with its `*`), else the schema's; an order RJSF cannot apply keeps the schema's. */
function fieldsInOrder(properties: Record<string, JsonObject>, order: unknown): string[] {
  const names = Object.keys(properties);
  if (!Array.isArray(order)) return names;
  try {
    return orderProperties(names, order as string[]);
  } catch {
    return names;
  }
}

/** The fields a card's heading names an entry by. */
const NAME_FIELDS = ['first_name', 'middle_name', 'last_name'];

const optionsOf = (prop: JsonObject | undefined): Array<{ value: string; label: string }> | null => {
  if (Array.isArray(prop?.oneOf)) return prop.oneOf.map((o: JsonObject) => ({ value: String(o.const), label: String(o.title ?? o.const) }));
  if (Array.isArray(prop?.enum)) return prop.enum.map((v: unknown) => ({ value: String(v), label: String(v) }));
  return null;
};

/**
 * `ui:widget: "beneficiary-list"` on an array of objects: a list with a running total chip
 * ('X% / 100%'), an add form generated from `items` (folded away at 100%), edit in place, confirmed removal
 * and 'Use N%'.
 * The percentage field is `ui:options.percentField` or the `totalPercent` keyword's field. The
 * 100% rule itself is the schema keyword `totalPercent: { field, equals }` (src/shared/create-ajv.ts), checked on both sides.
 */
export default function BeneficiaryListWidget({ id, name, value, disabled, readonly, onChange, rawErrors, schema, uiSchema, options, registry }: WidgetProps) {
  const items: Item[] = Array.isArray(value) ? value : [];
  const itemSchema: JsonObject = (schema.items as JsonObject | undefined) ?? {};
  const properties: Record<string, JsonObject> = itemSchema.properties ?? {};
  // The entry's fields in the order the UI schema gives them (`items` / `ui:order`, as RJSF orders any object's).
  const itemsUi: UiSchema = isObject(uiSchema?.items) ? (uiSchema.items as UiSchema) : {};
  const fieldOrder = fieldsInOrder(properties, itemsUi['ui:order']);
  const requiredFields: string[] = itemSchema.required ?? [];
  const requiredMessages: Record<string, string> = itemSchema.errorMessage?.required ?? {};
  const rule: JsonObject = (schema as JsonObject).totalPercent ?? {};
  const percentField = options.percentField ?? rule.field;
  if (typeof percentField !== 'string' || !properties[percentField]) {
    throw new Error(`beneficiary-list: name the percentage field with ui:options.percentField or totalPercent.field (one of the items' fields); got ${JSON.stringify(percentField)} for schema ${JSON.stringify(schema)}`);
  }
  const target: number = typeof rule.equals === 'number' ? rule.equals : 100;
  const texts = {
    add: String(options.addLabel ?? WIDGET_TEXTS.addBeneficiary),
    update: String(options.updateLabel ?? WIDGET_TEXTS.updateBeneficiary),
    cancelEdit: String(options.cancelEditLabel ?? WIDGET_TEXTS.cancelEdit),
    removeTitle: String(options.removeTitle ?? WIDGET_TEXTS.confirmRemoval),
    removeBody: String(options.removeBody ?? WIDGET_TEXTS.removeBody),
    remove: String(options.removeLabel ?? WIDGET_TEXTS.remove),
    cancel: String(options.cancelLabel ?? WIDGET_TEXTS.cancel),
    full: options.fullMessage ? String(options.fullMessage) : '',
    updated: options.updatedMessage ? String(options.updatedMessage) : '',
    // Said on Add: the entry's fields empty, and on a phone its new card and the total are above the screen.
    added: options.addedMessage ? String(options.addedMessage) : '',
    // Over the total at Add or Update (spec 4): not the schema's totalPercent message, which is for going on before 100%.
    exceeded: String(options.exceededMessage ?? ONBOARDING_TEXTS.totalExceeded),
    exceededUpdate: String(options.exceededUpdateMessage ?? WIDGET_TEXTS.exceededUpdate),
    unsaved: String(options.unsavedMessage ?? WIDGET_TEXTS.unsaved),
    unsavedEdit: String(options.unsavedEditMessage ?? WIDGET_TEXTS.unsavedEdit),
    discard: String(options.discardLabel ?? WIDGET_TEXTS.discard),
  };
  const [draft, setDraft] = useState<Item>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  // After a refused Add (or Enter), the entry is checked again as it changes, as a step's form is after a refused
  // Next: a message stayed under a field already corrected ('Last name is required.' under the name) until the next Add.
  const [recheck, setRecheck] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  // Said after Add or Update, and kept until the person's next action on the list (another Add or Update, Edit, Remove,
  // Discard, a refused Add): never taken away by a timer. It sits above the entries, the entry's fields, Add and Next,
  // so its leaving moves them all up (64 px at 1280 px): a press on Next made as it left 3 s after Add went down on Next
  // and came up beside it, and the browser sent no click, so Next silently did nothing (the replay's 'made no call and
  // shows no message'). A page moves under the pointer only by the person's own press, not in the middle of another.
  const [notice, setNotice] = useState('');
  // Next (or Enter) pressed with a beneficiary typed but not added (or an edit not applied): a complete one is added
  // and the step goes on with it; otherwise the step stops, with the entry's messages, and says so.
  const [unsaved, setUnsaved] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unsavedAlert = useRef<HTMLDivElement>(null);
  const addForm = useRef<HTMLFieldSetElement>(null);
  const fullAlert = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button just pressed (Add or Update reaching 100%, Cancel Edit at 100%, Discard, Remove in the dialog) folds
  // away or goes with its entry: the keyboard lands on what took its place, not on the page's body (seen in Chromium,
  // keyboard only: after the last Add, Tab started again from the top of the page).
  const landFocus = useRef(false);
  // Edit fills the form above the list with the entry: the keyboard goes to its first field (it stayed on Edit, below).
  const focusForm = useRef(false);
  const firstField = () => addForm.current?.querySelector<HTMLElement>('input:not([disabled]), [role="combobox"], textarea, button:not([disabled])');
  const land = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (fullAlert.current ?? firstField() ?? heading.current)?.focus();
  };
  useEffect(() => {
    if (focusForm.current) {
      focusForm.current = false;
      firstField()?.focus();
    }
    if (!landFocus.current) return;
    landFocus.current = false;
    land();
  });
  const hasUnsaved = useRef<() => boolean>(() => false);
  hasUnsaved.current = () =>
    !disabled && !readonly && (editing === null ? Object.values(draft).some((v) => v !== undefined && v !== '') : JSON.stringify(draft) !== JSON.stringify(items[editing]));
  const saveTyped = useRef<() => boolean>(() => false);
  // The entry was added on Next: the form is sent again once it holds the new list.
  const resubmit = useRef(false);
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return undefined;
    // On the form itself, before the submit reaches React's listener at the page's root.
    const holdSubmit = (event: Event) => {
      if (!hasUnsaved.current()) return;
      event.preventDefault();
      event.stopPropagation();
      // Set before the save: the form may render the new list (and run the effect below) before save returns.
      resubmit.current = true;
      if (saveTyped.current()) return;
      resubmit.current = false;
      setUnsaved(true);
      unsavedAlert.current?.focus();
    };
    form.addEventListener('submit', holdSubmit);
    return () => form.removeEventListener('submit', holdSubmit);
  }, []);
  useEffect(() => {
    if (unsaved) unsavedAlert.current?.focus();
  }, [unsaved]);
  useEffect(() => {
    if (!resubmit.current) return;
    resubmit.current = false;
    // After the submit being held has ended: a form ignores a submit asked for while it fires one.
    const form = root.current?.closest('form');
    setTimeout(() => form?.requestSubmit(), 0);
  }, [value]);

  const total = totalPercent(items, percentField);
  const othersTotal = totalPercent(items.filter((_, i) => i !== editing), percentField);
  const remaining = Math.round((target - othersTotal) * 100) / 100;
  const locked = disabled || readonly;
  // At the target (100%) the add form folds away; editing an entry opens it again.
  const folded = total >= target && editing === null;
  const formDisabled = locked || folded;

  const setField = (name: string, raw: string) => {
    const prop = properties[name] ?? {};
    const parsed = raw === '' ? undefined : prop.type === 'number' || prop.type === 'integer' ? Number(raw) : raw;
    setDraft((d) => ({ ...d, [name]: parsed }));
  };
  useEffect(() => {
    if (recheck) setDraftErrors(check(draft));
    // Only when the entry changes: check reads the list and the edit too, which change it anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  /**
   * An entry's own rules before it joins the list, with the form's messages: its schema as the form's validator
   * checks it (lengths, patterns, an ID number's format for its type) and the date keywords (a birth date in the past).
   */
  const itemRuleErrors = (item: Item): Record<string, string> => {
    const index = editing ?? items.length;
    const list = editing === null ? [...items, item] : items.map((it, i) => (i === editing ? item : it));
    const errors: Record<string, string> = {};
    try {
      const { errorSchema } = registry.schemaUtils.getValidator().validateFormData({ [name]: list }, registry.rootSchema);
      const own = ((errorSchema as Record<string, Record<number, Record<string, { __errors?: string[] }>>>)[name] ?? {})[index] ?? {};
      for (const [field, entry] of Object.entries(own)) if (field !== '__errors' && entry?.__errors?.[0]) errors[field] = entry.__errors[0];
    } catch {
      // A form without this list at its root (a preview): the required and percentage checks below still run.
    }
    for (const [field, message] of Object.entries(formRuleErrors(itemSchema, item, { today: today(), facts: (registry?.formContext?.facts as Record<string, unknown> | undefined) ?? {} }))) errors[field] ??= message;
    return errors;
  };

  const check = (item: Item): Record<string, string> => {
    const errors: Record<string, string> = itemRuleErrors(item);
    for (const field of requiredFields) if (item[field] === undefined || item[field] === '') errors[field] = requiredMessages[field] ?? fillText(WIDGET_TEXTS.fieldRequired, { field: String(properties[field]?.title ?? field) });
    for (const [field, prop] of Object.entries(properties)) {
      const unreadable = unreadableDateMessage(prop, `${id}-${field}`);
      if (unreadable) errors[field] = unreadable;
    }
    const pct = item[percentField];
    const pctMessages = properties[percentField]?.errorMessage ?? {};
    if (typeof pct === 'number') {
      if (pct <= 0) errors[percentField] = pctMessages.exclusiveMinimum ?? pctMessages.minimum ?? WIDGET_TEXTS.percentAboveZero;
      else if (pct > target) errors[percentField] = pctMessages.maximum ?? WIDGET_TEXTS.percentAtMost;
      else if (Math.round((othersTotal + pct) * 100) / 100 > target) errors[percentField] = editing === null ? texts.exceeded : texts.exceededUpdate;
    }
    return errors;
  };

  /**
   * Adds the typed entry (or applies the edit) when it passes its checks; else shows why, and (for Add or Update)
   * takes the keyboard to the first field with a message. Whether it was saved.
   */
  const save = (focusOnError = true): boolean => {
    const errors = check(draft);
    setDraftErrors(errors);
    setRecheck(Object.keys(errors).length > 0);
    if (Object.keys(errors).length) {
      // The last Add's 'Beneficiary added.' is not about this entry, which was not added.
      setNotice('');
      // As after a refused Next (focus-first-invalid.ts): the keyboard goes to the entry's first field with a message.
      if (focusOnError) focusFirstInvalid(addForm.current);
      return false;
    }
    const next = editing === null ? [...items, draft] : items.map((it, i) => (i === editing ? draft : it));
    onChange(next);
    setNotice(editing === null ? texts.added : texts.updated);
    setDraft({});
    setEditing(null);
    setUnsaved(false);
    landFocus.current = true;
    return true;
  };
  // On Next the keyboard goes to the alert that says the entry was not added (above), not to its field.
  saveTyped.current = () => save(false);

  const discard = () => {
    setNotice('');
    setDraft({});
    setDraftErrors({});
    setRecheck(false);
    setEditing(null);
    setUnsaved(false);
    landFocus.current = true;
  };

  const label = (item: Item) => NAME_FIELDS.map((f) => item[f]).filter(Boolean).join(' ') || WIDGET_TEXTS.beneficiary;
  const chipText = `${total}% / ${target}%`;
  const chipColor = totalColor(total, target);

  return (
    <Box id={id} ref={root}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        {/* The list's heading under the page's h1 (an h3 skipped a level). */}
        <Typography ref={heading} tabIndex={-1} variant="subtitle1" component="h2" sx={{ fontWeight: 600, '&:focus': { outline: 'none' } }}>
          {String(options.listTitle ?? schema.title ?? WIDGET_TEXTS.beneficiaries)}
        </Typography>
        {/* The theme's warning colour takes white text at 4.5:1 (src/ui/app/theme.ts). No colour transition: MUI
            fades the background over 300 ms while the text switches at once, so at 100% the chip showed white on a
            brown between amber and green (wrong meaning, and too little contrast meanwhile). */}
        {/* The chip shows its words (an aria-label on its <div> is read by few screen readers). */}
        <Chip label={fillText(WIDGET_TEXTS.beneficiaryTotal, { total: chipText })} color={chipColor} sx={{ transition: 'none' }} />
      </Stack>
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {total === target && texts.full && editing === null && !readonly && (
        <Alert ref={fullAlert} tabIndex={-1} severity="info" sx={{ mb: 2 }}>
          {texts.full}
        </Alert>
      )}
      <Stack spacing={1} sx={{ mb: 2 }}>
        {items.map((item, index) => (
          // The entry being edited is marked, in words as well as by its border: the form below holds its answers.
          <Card key={index} variant="outlined" aria-current={editing === index ? 'true' : undefined} sx={editing === index ? { borderColor: 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` } : undefined}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, '&:last-child': { pb: 2 } }}>
              <Box sx={{ flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{label(item)}</Typography>
                <Typography variant="body2">{String(item[percentField] ?? 0)}%</Typography>
                {editing === index && (
                  <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
                    {WIDGET_TEXTS.beingEdited}
                  </Typography>
                )}
                {/* Read-only (an application under review): every answer of the entry, not only its name and share. */}
                {readonly && (
                  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr' }, columnGap: 2, rowGap: 0.5, mt: 1, mb: 0 }}>
                    {fieldOrder
                      .map((field) => [field, properties[field]] as const)
                      // The name and the share are the card's heading already.
                      .filter(([field]) => !NAME_FIELDS.includes(field) && field !== percentField && item[field] !== undefined && item[field] !== null && item[field] !== '')
                      .map(([field, prop]) => (
                        <Box key={field} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                            {String(prop.title ?? field)}
                          </Typography>
                          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {optionsOf(prop)?.find((o) => o.value === String(item[field]))?.label ?? String(item[field])}
                          </Typography>
                        </Box>
                      ))}
                  </Box>
                )}
              </Box>
              {!locked && (
                <>
                  <IconButton
                    aria-label={fillText(WIDGET_TEXTS.editBeneficiary, { name: label(item) })}
                    onClick={() => {
                      setNotice('');
                      setEditing(index);
                      setDraft(item);
                      setDraftErrors({});
                      setRecheck(false);
                      focusForm.current = true;
                    }}
                  >
                    <EditOutlined />
                  </IconButton>
                  <IconButton aria-label={fillText(WIDGET_TEXTS.removeBeneficiary, { name: label(item) })} onClick={() => setConfirming(index)}>
                    <DeleteOutline />
                  </IconButton>
                </>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {/* No fold animation: a page caught mid-fold (a screenshot, a screen reader) showed a half-cut form. */}
      {!readonly && !folded && (
        <Box
          component="fieldset"
          ref={addForm}
          disabled={formDisabled}
          // Named as its button: a screen reader announces what the group of fields is for.
          aria-label={editing === null ? texts.add : texts.update}
          // Enter in one of the entry's fields is its Add (or Update), as in any form of its own: it sent the whole
          // step, which stopped on the entry not added and took the keyboard away from what was being typed.
          // A field's own Enter (an autocomplete picking its highlighted option) stays that field's.
          onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
            if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.nativeEvent.isComposing || event.defaultPrevented) return;
            event.preventDefault();
            save();
          }}
          sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {fieldOrder.map((name) => {
            const prop = properties[name];
            const choices = optionsOf(prop);
            const isPercent = name === percentField;
            const fieldId = `${id}-${name}`;
            // A widget the item's UI schema names for the field (`items.<field>.ui:widget`, as RJSF draws any field
            // of an object): drawn with the entry's value and messages (under it, unless it shows them itself, as
            // field-error-template.tsx reads `showsOwnMessages`). Without one, a text box or a select.
            const fieldUi: UiSchema | undefined = isObject(itemsUi[name]) ? itemsUi[name] : undefined;
            const widgetName = fieldUi?.['ui:widget'];
            const Widget = typeof widgetName === 'string' ? registry?.widgets?.[widgetName] : undefined;
            if (Widget) {
              const message = draftErrors[name];
              return (
                <Box key={name}>
                  <Widget
                    id={fieldId}
                    name={name}
                    label={String(prop.title ?? name)}
                    value={draft[name]}
                    required={requiredFields.includes(name)}
                    disabled={formDisabled}
                    readonly={false}
                    autofocus={false}
                    placeholder=""
                    onChange={(v: unknown) => setField(name, v === undefined || v === null ? '' : String(v))}
                    onBlur={() => undefined}
                    onFocus={() => undefined}
                    rawErrors={message ? [message] : undefined}
                    options={{ ...getUiOptions(fieldUi), enumOptions: choices ?? undefined }}
                    schema={prop}
                    uiSchema={fieldUi}
                    registry={registry}
                  />
                  {message && !(Widget as { showsOwnMessages?: boolean }).showsOwnMessages && (
                    <FormHelperText id={errorId(fieldId)} error sx={{ mx: 1.75 }}>
                      {message}
                    </FormHelperText>
                  )}
                </Box>
              );
            }
            return (
              <Box key={name} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  id={fieldId}
                  label={String(prop.title ?? name)}
                  required={requiredFields.includes(name)}
                  select={Boolean(choices)}
                  type={prop.format === 'date' ? 'date' : prop.type === 'number' || prop.type === 'integer' ? 'number' : 'text'}
                  value={draft[name] === undefined ? '' : String(draft[name])}
                  onChange={(e) => setField(name, e.target.value)}
                  error={Boolean(draftErrors[name])}
                  helperText={draftErrors[name]}
                  disabled={formDisabled}
                  fullWidth
                  slotProps={{ inputLabel: prop.format === 'date' ? { shrink: true } : undefined, htmlInput: isPercent ? { step: 0.01, min: 0.01, max: target } : undefined }}
                >
                  {choices?.map((c) => (
                    <MenuItem key={c.value} value={c.value}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
                {isPercent && remaining > 0 && (
                  <Button sx={{ mt: 1, whiteSpace: 'nowrap' }} disabled={formDisabled} onClick={() => setDraft((d) => ({ ...d, [percentField]: remaining }))}>
                    {fillText(WIDGET_TEXTS.useRemaining, { percent: remaining })}
                  </Button>
                )}
              </Box>
            );
          })}
          <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
            <Button variant="outlined" onClick={() => save()} disabled={formDisabled}>
              {editing === null ? texts.add : texts.update}
            </Button>
            {editing !== null && (
              <Button onClick={discard}>{texts.cancelEdit}</Button>
            )}
          </Stack>
        </Box>
      )}
      {unsaved && hasUnsaved.current() && (
        // Its one button under the text (beside it, a phone squeezed the text to a word a line); Add and Update are
        // the form's own buttons above, not a second button of the same name.
        <Alert ref={unsavedAlert} tabIndex={-1} severity="warning" role="alert" sx={{ mt: 2 }}>
          {editing === null ? texts.unsaved : texts.unsavedEdit}
          {editing === null && (
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" color="inherit" size="small" onClick={discard}>
                {texts.discard}
              </Button>
            </Box>
          )}
        </Alert>
      )}
      {/* The list's own message (the 100% rule): a refused Next takes the keyboard here (focus-first-invalid.ts). */}
      {rawErrors?.length ? (
        <Alert id={errorId(id)} tabIndex={-1} data-focus-on-error severity="error" sx={{ mt: 2 }}>
          {rawErrors[0]}
        </Alert>
      ) : null}
      {/* Closed, it gives the focus back to the Remove pressed; gone with its entry, the keyboard lands as above (once
          the dialog, which holds the focus until then, has left the page). */}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby={`${id}-confirm-title`} slotProps={{ transition: { onExited: () => setTimeout(land, 0) } }}>
        <DialogTitle id={`${id}-confirm-title`}>{texts.removeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{fillText(texts.removeBody, { name: confirming !== null && items[confirming] ? label(items[confirming]) : '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{texts.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const next = items.filter((_, i) => i !== confirming);
              onChange(next);
              setNotice('');
              if (editing === confirming) {
                setEditing(null);
                setDraft({});
              }
              setConfirming(null);
            }}
          >
            {texts.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
BeneficiaryListWidget.showsOwnMessages = true;
