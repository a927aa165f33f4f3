import { createElement } from 'react';
import type { JsonObject } from '../../../shared/forms/form-registry';
import { InputAdornment } from '@mui/material';
import { deepEquals, ErrorSchemaBuilder, type ErrorSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { LoadedForm } from '../../forms/load-form';
import { flatFieldOrder } from '../../forms/flat-field-order';
import { dollarsToCents, formatCents, parseTypedAmount } from '../../../shared/money';
import { TRANSFER_TEXTS } from '../../../shared/transfer-texts';
import { ruleMessage } from '../../../shared/keyword-words';

export interface RuntimeOptions {
  values: Array<string | number>;
  labels: string[];
  /** What the receipt says of each choice, where the label holds what the transfer changes (an account's balance). */
  receiptLabels?: string[];
}

/** The amount as the member typed it, read the spec's way ($, commas and spaces stripped); other values unchanged. */
export function normaliseAmount<T extends { amount?: unknown }>(data: T): T {
  if (typeof data?.amount !== 'string') return data;
  const parsed = parseTypedAmount(data.amount);
  return { ...data, amount: parsed ?? data.amount };
}

/**
 * A transfer form with its account lists injected as enums (they come from the options calls, not the
 * JSON file), a $ prefix on the amount, and a validator that still runs the precompiled validator of the
 * file's schema: the enums only narrow what the selects offer, the server checks ownership itself.
 */
export function withRuntimeOptions(form: LoadedForm, options: Record<string, RuntimeOptions>): LoadedForm {
  const schema = structuredClone(form.schema);
  const uiSchema: JsonObject = { ...form.uiSchema };
  for (const [field, { values, labels, receiptLabels }] of Object.entries(options)) {
    // An empty enum is invalid JSON Schema; an impossible value keeps the select empty instead.
    schema.properties[field] = { ...schema.properties[field], enum: values.length ? values : [''] };
    uiSchema[field] = { ...uiSchema[field], 'ui:enumNames': values.length ? labels : [TRANSFER_TEXTS.noAccountsToChoose], [RECEIPT_NAMES]: receiptLabels ?? labels };
  }
  // The amount is drawn as text and read by normaliseAmount: as a number field, RJSF dropped the decimal point of
  // '$1,250.' while it was typed (its number parsing failed on the $ and the comma), so '$1,250.50' became '$1,25050'.
  schema.properties.amount = { ...schema.properties.amount, type: 'string' };
  const amountUi = uiSchema.amount ?? {};
  const prefix = amountUi['ui:options']?.prefix;
  if (prefix) {
    uiSchema.amount = {
      ...amountUi,
      'ui:options': { ...amountUi['ui:options'], mui: { slotProps: { input: { startAdornment: createElement(InputAdornment, { position: 'start' }, prefix) } } } },
    };
  }

  const base = form.validator;
  // The amount's message from the form file: the exact-cents check says what the schema's `multipleOf` says.
  const amountMessage = ruleMessage(form.schema.properties.amount, 'multipleOf');
  const original = (s: RJSFSchema) => (s && deepEquals(s, schema) ? form.schema : s);
  const validator: ValidatorType = {
    validateFormData(formData, _schema, customValidate, transformErrors, ui) {
      const data = normaliseAmount(formData ?? {});
      const result = base.validateFormData(data, form.schema, customValidate, transformErrors, ui);
      // JSON Schema's multipleOf is float-unsafe, so whole cents are checked here exactly, as on the server.
      const amount = data.amount;
      const amountErrors = (result.errorSchema as ErrorSchema<JsonObject>).amount?.__errors;
      if (typeof amount === 'number' && !amountErrors?.length && dollarsToCents(amount) === null) {
        return {
          errors: [...result.errors, { name: 'multipleOf', property: '.amount', message: amountMessage, stack: `.amount ${amountMessage}`, schemaPath: '#/properties/amount' }],
          errorSchema: new ErrorSchemaBuilder(result.errorSchema).setErrors([amountMessage], 'amount').ErrorSchema,
        };
      }
      return result;
    },
    isValid: (s, formData, rootSchema) => base.isValid(original(s), formData, form.schema ?? rootSchema),
    rawValidation: (_s, formData) => base.rawValidation(form.schema, formData),
    reset: base.reset ? () => base.reset!() : undefined,
  };
  return { ...form, schema, uiSchema, validator };
}

/** Where withRuntimeOptions keeps a field's receipt labels, beside its `ui:enumNames` (read by transferSummary only). */
const RECEIPT_NAMES = 'cu:receiptNames';

/**
 * The transfer as the member chose it, for the confirm dialog: each field the form shows, in its order, under its
 * title, with the account's label for a chosen id and the amount as money ('TTD $1,000.00'): what Complete will move.
 * For the receipt (`receipt`), a choice's receipt label: the balance a label showed is the one before the transfer.
 */
export function transferSummary(form: LoadedForm, body: Record<string, unknown>, { receipt = false } = {}): Array<{ label: string; text: string }> {
  return flatFieldOrder(form.schema, form.uiSchema).flatMap((field) => {
    const value = body[field];
    const property = form.schema.properties?.[field];
    if (!property || form.uiSchema[field]?.['ui:widget'] === 'hidden' || value === undefined || value === null || value === '') return [];
    const choices: unknown[] | undefined = property.enum;
    const names: string[] | undefined = form.uiSchema[field]?.[receipt ? RECEIPT_NAMES : 'ui:enumNames'] ?? form.uiSchema[field]?.['ui:enumNames'];
    const named = choices && names ? names[choices.indexOf(value)] : undefined;
    const oneOf = (property.oneOf as Array<{ const?: unknown; title?: string }> | undefined)?.find((o) => o.const === value)?.title;
    const cents = field === 'amount' && typeof value === 'number' ? dollarsToCents(value) : null;
    // An amount stays on one line ('TTD $11,499.75', never 'TTD' above the figure on a phone).
    const text = cents !== null ? formatCents(cents).replace(/ /g, '\u00a0') : (named ?? oneOf ?? String(value));
    return [{ label: String(property.title ?? field), text }];
  });
}

/** A new idempotency key (the server keys transfers by user and this value). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
