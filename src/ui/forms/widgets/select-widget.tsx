import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { enumOptionSelectedValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, labelValue, SelectedOptionDescription, type WidgetProps } from '@rjsf/utils';
import { describedBy } from '../described-by';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';

/**
 * Every list drawn as a dropdown (RJSF's `SelectWidget`, replaced): @rjsf/mui's, less its blank first row. That row
 * was a thin empty line the keyboard landed on first, and Enter on it emptied the field. A required list has no
 * such row; an optional one names it (`ui:placeholder`, else forms/messages/widgets.json's "None"), so clearing the choice is a choice one can read.
 * A long choice wraps, in the field and in the list, rather than being cut at a phone's width.
 */
export default function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, label, hideLabel, required, disabled, readonly, placeholder, value, multiple, autofocus, onChange, onBlur, onFocus, rawErrors = [] } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const isMultiple = !!multiple;
  const empty = isMultiple ? [] : '';
  const isEmpty = value === undefined || (isMultiple ? (value as unknown[]).length < 1 : value === empty);
  const decode = (raw: unknown) => enumOptionValueDecoder(raw as string, enumOptions, format, emptyValue);
  return (
    <>
    <TextField
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, undefined)}
      value={enumOptionSelectedValue(value, enumOptions, isMultiple, format, empty)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={rawErrors.length > 0}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
      select
      // A long choice ("10000000101 - Regular Savings - TTD $12,500.00") wraps on a phone instead of hiding its end.
      sx={{ '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      // The message and help described on the element that takes the focus (the combobox), not on the wrapper.
      slotProps={{ inputLabel: { shrink: !isEmpty }, select: { multiple: isMultiple, SelectDisplayProps: { 'aria-describedby': describedBy(id, rawErrors, props) } as object, MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } } } }}
    >
      {!isMultiple && !required && (
        <MenuItem value="">
          <em>{placeholder || WIDGET_TEXTS.none}</em>
        </MenuItem>
      )}
      {enumOptions.map(({ value: optionValue, label: optionLabel }, i) => (
        <MenuItem key={String(optionValue)} value={enumOptionValueEncoder(optionValue, i, format)} disabled={Array.isArray(enumDisabled) && enumDisabled.includes(optionValue)} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {optionLabel}
        </MenuItem>
      ))}
    </TextField>
    <SelectedOptionDescription {...props} />
    </>
  );
}
