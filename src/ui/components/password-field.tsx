import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import { TextInput } from '../../components/text-input';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

/** A required password input with a show/hide button named after the label ('Show password'); the error shows below it. */
export function PasswordField(props: { label: string; value: string; onChange: (v: string) => void; onBlur: () => void; error?: string; autoComplete: string; name: string }) {
  const [show, setShow] = useState(false);
  return (
    <TextInput
      label={props.label}
      name={props.name}
      type={show ? 'text' : 'password'}
      autoComplete={props.autoComplete}
      required
      fullWidth
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
      error={Boolean(props.error)}
      helperText={props.error ?? ' '}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={show ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`} onClick={() => setShow((s) => !s)} edge="end">
            {show ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
