import { TextInput } from '../../components/text-input';
import type { FlatWidgetProps } from './flat-widget-props';

/**
 * `text` and `email`: MUI's outlined box (TextInput, no Select/Menu/Modal), the message under it. A field of digits
 * (`ui:options.inputMode: "numeric"`, a code) drops the spaces and hyphens a code is often typed or pasted with
 * ("289 482"), before its `maxLength` counts: the space took the sixth place and the last digit was lost.
 */
export function textWidget(type: 'text' | 'email') {
  function TextWidget(props: FlatWidgetProps) {
    const digits = props.inputMode === 'numeric';
    const typed = (value: string) => {
      const kept = digits ? value.replace(/[\s-]/g, '') : value;
      return props.maxLength ? kept.slice(0, props.maxLength) : kept;
    };
    return (
      <TextInput
        id={props.id}
        label={props.label}
        type={type}
        name={props.name}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        required={props.required}
        fullWidth
        value={props.value}
        onChange={(e) => props.onChange(typed(e.target.value))}
        onBlur={props.onBlur}
        error={Boolean(props.error)}
        helperText={props.error ?? props.help ?? ' '}
        // A field of digits counts its length after the spaces go (above), not as typed.
        inputProps={{ inputMode: props.inputMode, maxLength: digits ? undefined : props.maxLength }}
      />
    );
  }
  return TextWidget;
}
