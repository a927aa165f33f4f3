import type { ComponentType } from 'react';
import type { JsonObject } from '../../shared/forms/form-registry';
import type { FlatWidgetName } from '../../shared/forms/widget-names';
import type { FlatWidgetProps } from './flat-widgets/flat-widget-props';
import { textWidget } from './flat-widgets/text-widget';
import { PasswordStrengthWidget, PasswordWidget } from './flat-widgets/password-widget';
import { OtpCodeWidget } from './flat-widgets/otp-code-widget';

/** The widgets of FlatForm, by `ui:widget` name (the first page's forms: no RJSF, no Select/Menu/Modal). */
export const FLAT_WIDGETS: Record<FlatWidgetName, ComponentType<FlatWidgetProps>> = {
  text: textWidget('text'),
  email: textWidget('email'),
  password: PasswordWidget,
  'password-strength': PasswordStrengthWidget,
  otp: OtpCodeWidget,
};

/** The widget for one field (`ui:widget`, default text); an unknown name fails loudly, naming the form, field and schema. */
export function flatWidgetFor(formId: string, field: string, schema: JsonObject, uiField: JsonObject | undefined): ComponentType<FlatWidgetProps> {
  const name = typeof uiField?.['ui:widget'] === 'string' ? uiField['ui:widget'] : 'text';
  const widget = (FLAT_WIDGETS as Record<string, ComponentType<FlatWidgetProps> | undefined>)[name];
  if (!widget) {
    throw new Error(`Form "${formId}", field "${field}": no flat-form widget named "${name}" (known: ${Object.keys(FLAT_WIDGETS).join(', ')}). Schema: ${JSON.stringify(schema)}`);
  }
  return widget;
}
