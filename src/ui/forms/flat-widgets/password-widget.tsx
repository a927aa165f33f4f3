import { PasswordField } from '../../components/password-field';
import type { FlatWidgetProps } from './flat-widget-props';

/** `password`: the password box with its show/hide button (PasswordField). */
export function PasswordWidget(props: FlatWidgetProps) {
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
    />
  );
}
