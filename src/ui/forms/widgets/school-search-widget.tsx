import { useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Autocomplete, TextField } from '@mui/material';

export const MAX_SCHOOL_SUGGESTIONS = 20;
export const MIN_SCHOOL_QUERY = 2;

/** Suggestions for a typed school name: nothing under 2 characters, at most 20, case-insensitive contains. */
export function suggestSchools(schools: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (q.length < MIN_SCHOOL_QUERY) return [];
  return schools.filter((s) => s.toLowerCase().includes(q)).slice(0, MAX_SCHOOL_SUGGESTIONS);
}

/**
 * `ui:widget: "school-search"`: free text with suggestions from `ui:options.schools` (a list under
 * forms/lists, inlined) or the field's `examples`. The typed text is the value; suggestions only help.
 */
export default function SchoolSearchWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, schema, placeholder }: WidgetProps) {
  const schools = useMemo(() => {
    const fromOptions = options.schools as unknown;
    const list = Array.isArray(fromOptions) ? fromOptions : Array.isArray(schema.examples) ? schema.examples : [];
    return list.filter((s): s is string => typeof s === 'string');
  }, [options.schools, schema.examples]);
  const [input, setInput] = useState(typeof value === 'string' ? value : '');
  const suggestions = suggestSchools(schools, input);
  return (
    <Autocomplete
      id={id}
      freeSolo
      options={suggestions}
      filterOptions={(o) => o}
      inputValue={input}
      value={typeof value === 'string' ? value : null}
      disabled={disabled || readonly}
      onInputChange={(_e, text) => {
        setInput(text);
        onChange(text === '' ? undefined : text);
      }}
      onChange={(_e, option) => onChange(option ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(rawErrors?.length)} placeholder={placeholder} />}
    />
  );
}
