import { useState } from 'react';
import { describedBy } from '../described-by';
import type { WidgetProps } from '@rjsf/utils';
import { Box, IconButton, InputAdornment, LinearProgress, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PAGE_TEXTS } from '../../../shared/page-texts';

const COLORS = ['error', 'warning', 'info', 'success'] as const;

/**
 * Strength level 0 to 3 (spec 3: Too weak, Weak, Medium, Strong; their words are forms/messages/pages.json's), read against the password policy's four kinds of
 * character (forms/lists/password.json: an uppercase and a lowercase letter, a number, a special character): under 8
 * characters or at most one kind, Too weak; two or three kinds, Weak (the form still refuses it); all four, Medium,
 * and Strong from 12 characters. "password" rated Weak while it broke three rules.
 */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 {
  const kinds = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u].filter((kind) => kind.test(password)).length;
  if (password.length < 8 || kinds <= 1) return 0;
  if (kinds < 4) return 1;
  return password.length >= 12 ? 3 : 2;
}

/**
 * `ui:widget: "password-strength"`: a password with show/hide and a strength meter. `ui:options.strengthMeter:
 * false` keeps only the show/hide button (a "Verify Password" box is not rated).
 */
export default function PasswordStrengthWidget({ id, label, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder, options, schema, uiSchema }: WidgetProps) {
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
      {meter && text && (
        <Box id={`${id}-strength`} sx={{ mt: 1 }} aria-live="polite">
          <LinearProgress variant="determinate" value={((level + 1) / 4) * 100} color={COLORS[level]} aria-label={PAGE_TEXTS.passwordStrength} />
          {/* The bar carries the colour; the word stays in the body text colour so it is readable (contrast). */}
          <Typography variant="caption" sx={{ color: 'text.primary' }}>
            {[PAGE_TEXTS.strengthTooWeak, PAGE_TEXTS.strengthWeak, PAGE_TEXTS.strengthMedium, PAGE_TEXTS.strengthStrong][level]}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
