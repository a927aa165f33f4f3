import { useState } from 'react';
import { describedBy } from '../described-by';
import type { WidgetProps } from '@rjsf/utils';
import { Box, IconButton, InputAdornment, LinearProgress, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Medium', 'Strong'] as const;
const COLORS = ['error', 'warning', 'info', 'success'] as const;

/** Strength level 0 to 3 (spec 3: Too weak, Weak, Medium, Strong): length 8+, mixed case, digit, symbol, 12+. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 {
  if (password.length < 8) return 0;
  let score = 0;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  if (password.length >= 12) score += 1;
  return score <= 1 ? 1 : score === 2 ? 2 : 3;
}

/**
 * `ui:widget: "password-strength"`: a password with show/hide and a strength meter. `ui:options.strengthMeter:
 * false` keeps only the show/hide button (a "Verify Password" box is not rated).
 */
export default function PasswordStrengthWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder, options, uiSchema }: WidgetProps) {
  const [visible, setVisible] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const level = passwordStrength(text);
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
          htmlInput: { 'aria-describedby': describedBy(id, rawErrors, uiSchema, meter && Boolean(text) && `${id}-strength`) },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={() => setVisible((v) => !v)} edge="end">
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {meter && text && (
        <Box id={`${id}-strength`} sx={{ mt: 1 }} aria-live="polite">
          <LinearProgress variant="determinate" value={((level + 1) / 4) * 100} color={COLORS[level]} aria-label="Password strength" />
          {/* The bar carries the colour; the word stays in the body text colour so it is readable (contrast). */}
          <Typography variant="caption" sx={{ color: 'text.primary' }}>
            {STRENGTH_LABELS[level]}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
