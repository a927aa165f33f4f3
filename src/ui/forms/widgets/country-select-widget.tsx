import type { WidgetProps } from '@rjsf/utils';
import { Autocomplete, TextField } from '@mui/material';

/** `ui:widget: "country-select"`: a searchable select over the field's list (`enum` or `oneOf` of `const` + `title`). */
export default function CountrySelectWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, placeholder }: WidgetProps) {
  const choices = (options.enumOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }));
  const selected = choices.find((c) => c.value === value) ?? null;
  const hasError = Boolean(rawErrors?.length);
  return (
    <Autocomplete
      id={id}
      options={choices}
      value={selected}
      disabled={disabled || readonly}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, option) => onChange(option?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={hasError} placeholder={placeholder} />}
    />
  );
}
