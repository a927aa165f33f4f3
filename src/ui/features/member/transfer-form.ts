import { createElement } from 'react';
import type { JsonObject } from '../../../shared/forms/form-registry';
import { InputAdornment } from '@mui/material';
import { deepEquals, ErrorSchemaBuilder, type ErrorSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { LoadedForm } from '../../forms/load-form';
import { dollarsToCents, parseTypedAmount } from '../../../shared/money';

export interface RuntimeOptions {
  values: Array<string | number>;
  labels: string[];
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
  for (const [field, { values, labels }] of Object.entries(options)) {
    // An empty enum is invalid JSON Schema; an impossible value keeps the select empty instead.
    schema.properties[field] = { ...schema.properties[field], enum: values.length ? values : [''] };
    uiSchema[field] = { ...uiSchema[field], 'ui:enumNames': values.length ? labels : ['No accounts available'] };
  }
  const amountUi = uiSchema.amount ?? {};
  const prefix = amountUi['ui:options']?.prefix;
  if (prefix) {
    uiSchema.amount = {
      ...amountUi,
      'ui:options': { ...amountUi['ui:options'], mui: { slotProps: { input: { startAdornment: createElement(InputAdornment, { position: 'start' }, prefix) } } } },
    };
  }

  const base = form.validator;
  // The amount's message from the form file: the exact-cents check says what the schema says.
  const amountMessage: string = form.schema.properties.amount.errorMessage;
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

/** A new idempotency key (the server keys transfers by user and this value). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
