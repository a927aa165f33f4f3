import { useState } from 'react';
import { describedBy } from '../described-by';
import type { WidgetProps } from '@rjsf/utils';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PAGE_TEXTS } from '../../../shared/page-texts';
import { StrengthMeter } from '../../components/strength-meter';

/**
 * `ui:widget: "password-strength"`: a password with show/hide and a strength meter. `ui:options.strengthMeter:
 * false` keeps only the show/hide button (a "Verify Password" box is not rated).
 */
export default function PasswordStrengthWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder, options, schema, uiSchema }: WidgetProps) {
  const [visible, setVisible] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const hasError = Boolean(rawErrors?.length);
  const meter = options.strengthMeter !== false;
  return (
    <Box>
      <TextField
        id={id}
        label={label}
        type={visible ? 'text' : 'password'}
        value={text}
        required={required}
        disabled={disabled || readonly}
        error={hasError}
        placeholder={placeholder}
        fullWidth
        autoComplete={String(options.autocomplete ?? 'new-password')}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        slotProps={{
          htmlInput: { 'aria-describedby': describedBy(id, rawErrors, { uiSchema, schema }, meter && Boolean(text) && `${id}-strength`) },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={visible ? PAGE_TEXTS.hidePassword : PAGE_TEXTS.showPassword} onClick={() => setVisible((v) => !v)} edge="end">
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {meter && text && <StrengthMeter id={`${id}-strength`} password={text} />}
    </Box>
  );
}
