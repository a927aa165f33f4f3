import { PasswordField } from '../../components/password-field';
import { FormHelperText } from '@mui/material';
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

/**
 * `password-strength`: the password box with its strength meter under it once something is typed (a new password).
 * Its help (the rules) stays in sight under a message: the message names one broken rule at a time.
 */
export function PasswordStrengthWidget(props: FlatWidgetProps) {
  const meterId = `${props.id}-strength`;
  const rulesId = `${props.id}-rules`;
  const rulesBelow = props.error && props.help ? props.help : undefined;
  return (
    <div>
      <PasswordWidget {...props} autoComplete={props.autoComplete ?? 'new-password'} describedBy={[rulesBelow && rulesId, props.value && meterId].filter(Boolean).join(' ') || undefined} />
      {rulesBelow && (
        <FormHelperText id={rulesId} sx={{ mx: 1.75, mt: 0 }}>
          {rulesBelow}
        </FormHelperText>
      )}
      {props.value && <StrengthMeter id={meterId} password={props.value} />}
    </div>
  );
}
