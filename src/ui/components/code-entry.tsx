import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { OtpInput, OTP_LENGTH } from './otp-input';
import { ResendCountdown } from './resend-countdown';
import { PAGE_TEXTS } from '../../shared/page-texts';

export interface CodeEntryProps {
  /** The digits entered so far. */
  value: string;
  onChange: (value: string) => void;
  /** The auto-submit: called when the sixth digit arrives (typed, pasted or autofilled). */
  onComplete: (code: string) => void;
  /** The Verify button (enabled once six digits are there and nothing is under way). */
  onVerify: () => void;
  /** Sends a new code; the 60 s countdown restarts when it resolves. */
  onResend: () => void | Promise<unknown>;
  /** Seconds left before the first resend (a reload within the wait resumes it: resend-wait.ts); 60 by default. */
  resendSeconds?: number;
  /** Changing it starts the countdown again from `resendSeconds` (the time the last code went out). */
  resendKey?: string | number;
  /** Verifying or verified: the boxes and both buttons wait. */
  busy?: boolean;
  /** The resend limit is reached (or nothing may be resent): the resend button stays disabled. */
  resendDisabled?: boolean;
  /** A code error, shown under the boxes. */
  error?: string;
  /** Shown under the buttons once the resend limit is reached. */
  limitMessage?: string;
  /** Below the boxes while a code is checked (e.g. "Verifying..."). */
  status?: ReactNode;
  verifyLabel?: string;
  resendLabel?: string;
  idPrefix?: string;
  autoFocus?: boolean;
}

/**
 * The one code entry of the product (sign-in code, email and mobile verification): six boxes, then "Resend Code"
 * and "Verify" side by side, centred, then the resend-limit message. Both code screens use it, so they look alike.
 */
export function CodeEntry({ value, onChange, onComplete, onVerify, onResend, resendSeconds, resendKey, busy, resendDisabled, error, limitMessage, status, verifyLabel = PAGE_TEXTS.verify, resendLabel, idPrefix, autoFocus = true }: CodeEntryProps) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'stretch' }}>
      <OtpInput value={value} onChange={onChange} onComplete={onComplete} disabled={busy} error={error} autoFocus={autoFocus} idPrefix={idPrefix} />
      {status}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center' }}>
        <ResendCountdown key={resendKey} label={resendLabel} onResend={onResend} seconds={resendSeconds} disabled={busy || resendDisabled} />
        <Button variant="contained" onClick={onVerify} disabled={busy || value.length !== OTP_LENGTH}>
          {verifyLabel}
        </Button>
      </Box>
      {limitMessage && (
        <Alert severity="warning" role="status">
          {limitMessage}
        </Alert>
      )}
    </Stack>
  );
}
