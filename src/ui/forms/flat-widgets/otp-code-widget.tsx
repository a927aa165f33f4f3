import { OtpInput } from '../../components/otp-input';
import type { FlatWidgetProps } from './flat-widget-props';

/** `otp`: the six code boxes (OtpInput); the last digit submits the form. The message sits under the boxes. */
export function OtpCodeWidget(props: FlatWidgetProps) {
  return (
    <OtpInput
      value={props.value}
      onChange={props.onChange}
      onComplete={props.onComplete}
      length={props.maxLength}
      disabled={props.disabled}
      error={props.error}
      autoFocus={props.autoFocus ?? true}
      idPrefix={props.id}
    />
  );
}
