import { useId, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error' | 'required' | 'fullWidth'> {
  label: ReactNode;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  /** Under the box, tied to it with aria-describedby (a space keeps the line's height when there is no message). */
  helperText?: ReactNode;
  /** What else describes the box (a strength meter under it), read after the helper text. */
  describedBy?: string;
}

/**
 * MUI's outlined TextField without its `select` mode, for the pages that load first (sign-in, reset, codes):
 * TextField imports Select, Menu, Popover and Modal (about 24 KB gzip) into every page with a text box. The
 * same look and the same wiring: the label names the input, the helper text describes it, `required` marks both.
 */
export function TextInput({ label, helperText, error, required, fullWidth, id, describedBy, ...input }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  // A blank line (the space that keeps the height) is hidden from screen readers: not an empty paragraph nor description.
  const blank = typeof helperText === 'string' && !helperText.trim();
  const helperId = helperText && !blank ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={[helperId, describedBy].filter(Boolean).join(' ') || undefined} {...input} />
      {helperText && (
        <FormHelperText id={helperId} aria-hidden={blank || undefined}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
