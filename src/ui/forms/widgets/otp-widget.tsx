import type { WidgetProps } from '@rjsf/utils';
import { OtpInput } from '../../components/otp-input';

/** `ui:widget: "otp"`: the six code boxes for a string field; completing the code submits the form when `ui:options.autoSubmit`. */
export default function OtpWidget({ id, value, onChange, disabled, readonly, rawErrors, options, formContext }: WidgetProps) {
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
