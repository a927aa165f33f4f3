import type { WidgetProps } from '@rjsf/utils';
import { FieldAutocomplete } from './field-autocomplete';

/**
 * `ui:widget: "searchable-select"` (also named `country-select`): a select you can type into, over the field's list
 * (`enum` or `oneOf` of `const` + `title`, also one an if/then branch adds). Typing filters the list and highlights
 * the first match, so Enter picks it; Enter never submits the form (field-autocomplete.tsx).
 */
export default function SearchableSelectWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, placeholder }: WidgetProps) {
  const choices = (options.enumOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }));
  const selected = choices.find((c) => c.value === value) ?? null;
  return (
    <FieldAutocomplete
      id={id}
      label={label}
      required={required}
      error={Boolean(rawErrors?.length)}
      placeholder={placeholder}
      options={choices}
      value={selected}
      autoHighlight
      disabled={disabled || readonly}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, option) => onChange(option?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
