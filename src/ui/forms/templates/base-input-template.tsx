import { Templates } from '@rjsf/mui';
import { FormHelperText } from '@mui/material';
import type { KeyboardEvent } from 'react';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { describedBy } from '../described-by';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';

const MuiBaseInputTemplate = Templates.BaseInputTemplate!;

/**
 * RJSF's MUI text input, with the field's message and help linked to the input itself (`aria-describedby` on the
 * <input>, not on the wrapper): a screen reader reads "Please enter a valid email address" with the field.
 *
 * Spaces around what was typed or pasted go when the field is left or Enter is pressed in it (never in a password):
 * " +1 (868) 555-8243 " pasted from elsewhere was refused as an invalid number though it looked like the example.
 *
 * `ui:options.inputMode` sets the phone keyboard ("decimal" for an amount, "numeric", "tel", "email"). A field of digits
 * ("numeric": an account number, a code) drops the spaces and hyphens it is often typed or pasted with ("1000-0000-201"),
 * as the first page's text fields do.
 *
 * Near its schema's `maxLength` (from nine tenths of it), a text field counts its characters under itself: a 103-character
 * address was refused only after Next, with nothing to say how much was too much.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const max = typeof props.schema.maxLength === 'number' && props.type !== 'password' ? props.schema.maxLength : undefined;
  const length = typeof props.value === 'string' ? props.value.length : 0;
  const counted = max !== undefined && max >= 20 && length >= Math.floor(max * 0.9);
  const countId = `${props.id}__count`;
  const described = describedBy(props.id, props.rawErrors, props, counted && countId);
  const slotProps = (props as { slotProps?: { htmlInput?: Record<string, unknown> } & Record<string, unknown> }).slotProps;
  const settled = (value: unknown) => {
    if (props.type === 'password' || typeof value !== 'string' || value.trim() === value) return value;
    const trimmed = value.trim();
    props.onChange(trimmed === '' ? props.options.emptyValue : trimmed);
    return trimmed;
  };
  const digits = props.options.inputMode === 'numeric';
  const input = (
    <MuiBaseInputTemplate
      {...props}
      onChange={digits ? (value: unknown) => props.onChange(typeof value === 'string' ? value.replace(/[\s-]/g, '') : value) : props.onChange}
      onBlur={(id, value) => props.onBlur(id, settled(value))}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...slotProps?.htmlInput,
          'aria-describedby': described,
          // `ui:options.inputMode` ("decimal" for an amount): the keyboard a phone shows.
          inputMode: typeof props.options.inputMode === 'string' ? props.options.inputMode : undefined,
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') settled(event.currentTarget.value);
          },
        },
      }}
    />
  );
  if (!counted) return input;
  return (
    <>
      {input}
      <FormHelperText id={countId} error={max !== undefined && length > max} sx={{ textAlign: 'right', mx: 0 }}>
        {fillText(WIDGET_TEXTS.characterCount, { length, max: max ?? '' })}
      </FormHelperText>
    </>
  );
}
