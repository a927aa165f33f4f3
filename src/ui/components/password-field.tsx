import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import { TextInput } from './text-input';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PAGE_TEXTS } from '../../shared/page-texts';
import { fillText } from '../../shared/fill-text';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error?: string;
  /** Under the box while there is no error. */
  help?: string;
  autoComplete: string;
  name: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** What else describes the box (a strength meter under it). */
  describedBy?: string;
}

/** A password input (required unless told otherwise) with a show/hide button named after the label (pages.json: 'Show password'); the error shows below it. */
export function PasswordField(props: PasswordFieldProps) {
  const [show, setShow] = useState(false);
  return (
    <TextInput
      id={props.id}
      label={props.label}
      name={props.name}
      type={show ? 'text' : 'password'}
      autoComplete={props.autoComplete}
      placeholder={props.placeholder}
      disabled={props.disabled}
      required={props.required ?? true}
      fullWidth
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
      error={Boolean(props.error)}
      helperText={props.error ?? props.help ?? ' '}
      describedBy={props.describedBy}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={fillText(show ? PAGE_TEXTS.hideField : PAGE_TEXTS.showField, { field: props.label.toLowerCase() })} onClick={() => setShow((s) => !s)} edge="end">
            {show ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
