import type { KeyboardEvent } from 'react';
import { Autocomplete, TextField, type AutocompleteProps } from '@mui/material';

export interface FieldAutocompleteProps<T, F extends boolean | undefined> extends Omit<AutocompleteProps<T, false, false, F>, 'renderInput'> {
  label: string;
  required?: boolean;
  error?: boolean;
  placeholder?: string;
  /** The ids of the field's message and help (described-by.ts), on the input that takes the focus. */
  describedBy?: string;
}

/**
 * Enter inside an autocomplete picks the highlighted option (or keeps the typed text of a free-text field) and
 * never submits the form: without this, Enter with no option highlighted, or in a free-text field, fell through to
 * the browser's implicit submission and sent a half-filled form. MUI's own Enter handling runs after this (it
 * reads `defaultMuiPrevented`, not `defaultPrevented`), so the pick itself is unchanged.
 */
export function keepEnterInField(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * The one autocomplete of the project's widgets (`searchable-select`/`country-select`, `school-search`): an MUI
 * Autocomplete with the field's label, required mark and error state, where Enter never submits the form.
 */
export function FieldAutocomplete<T, F extends boolean | undefined = false>({ label, required, error, placeholder, describedBy, onKeyDown, ...props }: FieldAutocompleteProps<T, F>) {
  return (
    <Autocomplete<T, false, false, F>
      {...props}
      onKeyDown={(event) => {
        keepEnterInField(event);
        onKeyDown?.(event);
      }}
      renderInput={(params) => <TextField {...params} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-describedby': describedBy } }} label={label} required={required} error={error} placeholder={placeholder} />}
    />
  );
}
