import { Box, Typography } from '@mui/material';
import { PAGE_TEXTS } from '../../shared/page-texts';

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
 * The strength of a password being chosen, under its box (the wizard's and the reset's): a bar in the level's colour
 * and the level's word. The word (`id`) is read as the box's description, once: the bar's own value is not part of
 * it. A plain bar, not MUI's LinearProgress: the reset page loads with the sign-in pages, whose files stay small.
 */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const level = passwordStrength(password);
  const word = [PAGE_TEXTS.strengthTooWeak, PAGE_TEXTS.strengthWeak, PAGE_TEXTS.strengthMedium, PAGE_TEXTS.strengthStrong][level];
  return (
    // In line with the text under the box (MUI's helper text margin), not with the box's edge.
    <Box sx={{ mt: 1, mx: 1.75 }}>
      <Box role="meter" aria-label={PAGE_TEXTS.passwordStrength} aria-valuemin={1} aria-valuemax={4} aria-valuenow={level + 1} aria-valuetext={word} sx={{ height: 4, borderRadius: 2, bgcolor: 'action.selected', overflow: 'hidden' }}>
        <Box sx={{ height: '100%', width: `${((level + 1) / 4) * 100}%`, bgcolor: `${COLORS[level]}.main`, transition: 'width 0.2s' }} />
      </Box>
      {/* The bar carries the colour; the word stays in the body text colour so it is readable (contrast). */}
      <Typography id={id} variant="caption" aria-live="polite" sx={{ color: 'text.primary' }}>
        {word}
      </Typography>
    </Box>
  );
}
