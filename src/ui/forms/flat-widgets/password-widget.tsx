import { PasswordField } from '../../components/password-field';
import { StrengthMeter } from '../../components/strength-meter';
import type { FlatWidgetProps } from './flat-widget-props';

/** `password`: the password box with its show/hide button (PasswordField). */
export function PasswordWidget(props: FlatWidgetProps & { describedBy?: string }) {
  return (
    <PasswordField
      id={props.id}
      label={props.label}
      name={props.name}
      autoComplete={props.autoComplete ?? 'current-password'}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      error={props.error}
      help={props.help}
      required={props.required}
      disabled={props.disabled}
      placeholder={props.placeholder}
      describedBy={props.describedBy}
    />
  );
}

/** `password-strength`: the password box with its strength meter under it once something is typed (a new password). */
export function PasswordStrengthWidget(props: FlatWidgetProps) {
  const meterId = `${props.id}-strength`;
  return (
    <div>
      <PasswordWidget {...props} autoComplete={props.autoComplete ?? 'new-password'} describedBy={props.value ? meterId : undefined} />
      {props.value && <StrengthMeter id={meterId} password={props.value} />}
    </div>
  );
}
