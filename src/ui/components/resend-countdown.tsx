import { useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import { PAGE_TEXTS } from '../../shared/page-texts';
import { fillText } from '../../shared/fill-text';
import { RESEND_COOLDOWN_SECONDS } from '../../shared/resend-wait';

export interface ResendCountdownProps {
  /** Sends a new code; the countdown restarts when it resolves. */
  onResend: () => void | Promise<unknown>;
  /** Seconds to wait before the first resend (a code was just sent on entry). */
  seconds?: number;
  /** Bumping this value restarts the countdown (for example after the first automatic send). */
  restartKey?: unknown;
  disabled?: boolean;
  /** The button's words: forms/messages/pages.json's resendCode unless given. */
  label?: string;
}

/** A "Resend Code" button held disabled for the 60 s cooldown (spec 3 section 4), showing the seconds left. */
export function ResendCountdown({ onResend, seconds = RESEND_COOLDOWN_SECONDS, restartKey, disabled, label = PAGE_TEXTS.resendCode }: ResendCountdownProps) {
  const [remaining, setRemaining] = useState(seconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setRemaining(seconds);
  }, [restartKey, seconds]);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const click = async () => {
    setSending(true);
    try {
      await onResend();
      setRemaining(seconds);
    } catch {
      // The caller shows its own error (for example the resend limit); the button stays available.
    } finally {
      setSending(false);
    }
  };

  const waiting = remaining > 0;
  return (
    <Button variant="text" onClick={click} disabled={disabled || waiting || sending} aria-live="polite">
      {/* As wide as its widest words from the start (the longest count, or the label alone), with digits of one width:
          the countdown's last seconds and its end moved the Verify button beside it by 4-40 px, and a press whose down
          and up land on different places clicks nothing. The widths come from hidden pseudo-elements, not read out. */}
      <Box
        component="span"
        data-counting={fillText(PAGE_TEXTS.resendIn, { label, seconds: Math.max(seconds, remaining) })}
        data-ready={label}
        sx={{
          display: 'inline-grid',
          justifyItems: 'center',
          fontVariantNumeric: 'tabular-nums',
          '& > span, &::before, &::after': { gridArea: '1 / 1' },
          '&::before': { content: 'attr(data-counting)', visibility: 'hidden' },
          '&::after': { content: 'attr(data-ready)', visibility: 'hidden' },
        }}
      >
        <span>{waiting ? fillText(PAGE_TEXTS.resendIn, { label, seconds: remaining }) : label}</span>
      </Box>
    </Button>
  );
}
