import { useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FieldAutocomplete } from './field-autocomplete';
import { describedBy } from '../described-by';

/** Spec 2 sections 7 and 9: under 2 typed characters the first 50 schools are listed (on focus too). */
export const SCHOOL_BROWSE_LIMIT = 50;
/** Spec 3 section 2: at most 20 suggestions for a typed name. */
export const MAX_SCHOOL_SUGGESTIONS = 20;
/** Spec 2 section 7: filtering starts at 2 typed characters. */
export const MIN_SCHOOL_QUERY = 2;

export interface SchoolLimits {
  browseLimit?: number;
  suggestionLimit?: number;
  minQuery?: number;
}

/**
 * The schools offered for a typed text: the first 50 while fewer than 2 characters are typed, else at most 20
 * whose name contains the text (case-insensitive). Each limit can be changed in `ui:options`.
 */
export function suggestSchools(schools: readonly string[], query: string, limits: SchoolLimits = {}): string[] {
  const { browseLimit = SCHOOL_BROWSE_LIMIT, suggestionLimit = MAX_SCHOOL_SUGGESTIONS, minQuery = MIN_SCHOOL_QUERY } = limits;
  const q = query.trim().toLowerCase();
  if (q.length < minQuery) return schools.slice(0, browseLimit);
  return schools.filter((s) => s.toLowerCase().includes(q)).slice(0, suggestionLimit);
}

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' && value >= 0 ? value : undefined);

/**
 * `ui:widget: "school-search"`: free text with suggestions from `ui:options.schools` or the field's `examples`
 * (a list under forms/lists). The list opens on focus; the typed text is the value, suggestions only help.
 * Enter keeps the typed text, or picks a suggestion chosen with the arrow keys, and never submits the form.
 * `ui:options.browseLimit` / `suggestionLimit` / `minQuery` change the spec's 50 / 20 / 2.
 */
export default function SchoolSearchWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options, schema, placeholder, uiSchema }: WidgetProps) {
  const schools = useMemo(() => {
    const fromOptions = options.schools as unknown;
    const list = Array.isArray(fromOptions) ? fromOptions : Array.isArray(schema.examples) ? schema.examples : [];
    return list.filter((s): s is string => typeof s === 'string');
  }, [options.schools, schema.examples]);
  const limits: SchoolLimits = { browseLimit: numberOr(options.browseLimit), suggestionLimit: numberOr(options.suggestionLimit), minQuery: numberOr(options.minQuery) };
  const [input, setInput] = useState(typeof value === 'string' ? value : '');
  const suggestions = suggestSchools(schools, input, limits);
  return (
    <FieldAutocomplete<string, true>
      id={id}
      label={label}
      required={required}
      error={Boolean(rawErrors?.length)}
      describedBy={describedBy(id, rawErrors, { uiSchema, schema })}
      placeholder={placeholder}
      freeSolo
      openOnFocus
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
    />
  );
}
