import type { WidgetProps } from '@rjsf/utils';
import { OtpInput } from '../../components/otp-input';

/** `ui:widget: "otp"`: the six code boxes for a string field; completing the code submits the form when `ui:options.autoSubmit`. */
export default function OtpWidget({ id, value, onChange, disabled, readonly, rawErrors, options, formContext: given, registry }: WidgetProps) {
  // RJSF 6 hands widgets the form's context in `registry.formContext` (a direct `formContext` prop is for tests).
  const formContext = registry?.formContext ?? given;
  return (
    <OtpInput
      idPrefix={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(code) => onChange(code === '' ? undefined : code)}
      onComplete={options.autoSubmit ? (code) => formContext?.submitForm?.(code) : undefined}
      disabled={disabled || readonly}
      error={rawErrors?.[0]}
    />
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
OtpWidget.showsOwnMessages = true;
