import { TextInput } from '../../components/text-input';
import type { FlatWidgetProps } from './flat-widget-props';

/** `text` and `email`: MUI's outlined box (TextInput, no Select/Menu/Modal), the message under it. */
export function textWidget(type: 'text' | 'email') {
  function TextWidget(props: FlatWidgetProps) {
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
        onChange={(e) => props.onChange(props.maxLength ? e.target.value.slice(0, props.maxLength) : e.target.value)}
        onBlur={props.onBlur}
        error={Boolean(props.error)}
        helperText={props.error ?? props.help ?? ' '}
        inputProps={{ inputMode: props.inputMode, maxLength: props.maxLength }}
      />
    );
  }
  return TextWidget;
}
