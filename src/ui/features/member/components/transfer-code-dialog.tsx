import { Suspense, useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { FlatForm } from '../../../forms/flat-form';
import { useFlatForm } from '../../../forms/use-flat-form';
import { submitTextOf } from '../../../forms/submit-text';
import { OTP_LENGTH } from '../../../components/otp-input';
import { ResendCountdown } from '../../../components/resend-countdown';
import { resendWaitSeconds } from '../../../../shared/resend-wait';
import { TRANSFER_TEXTS } from '../../../../shared/transfer-texts';
import { fillText } from '../../../../shared/fill-text';
import { PAGE_TEXTS } from '../../../../shared/page-texts';

export interface TransferCodeDialogProps {
  open: boolean;
  /** The masked mobile the code went to. */
  phone: string;
  /** The server's message about the code (wrong, expired, sent for a different transfer...). */
  error?: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onResend: () => Promise<unknown>;
  onCancel: () => void;
  onExited: () => void;
}

/** The code boxes of forms/member/transfer-code, with Confirm Transfer, a resend after 60 s, and Cancel. */
function CodeForm({ error, submitting, onSubmit, onResend, onCancel, round, waitSeconds }: Omit<TransferCodeDialogProps, 'open' | 'phone' | 'onExited'> & { round: number; waitSeconds: number }) {
  const form = useFlatForm('member/transfer-code');
  return (
    <FlatForm key={round} form={form} spacing={3} serverErrors={{ code: error }} disabled={submitting} onSubmit={(values) => onSubmit(values.code)}>
      {({ values }) => (
        <DialogActions sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
          <ResendCountdown label={TRANSFER_TEXTS.sendNewCode} onResend={onResend} seconds={waitSeconds} disabled={submitting} />
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onCancel} disabled={submitting}>
            {TRANSFER_TEXTS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting || values.code.length !== OTP_LENGTH}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitTextOf(form)}
          </Button>
        </DialogActions>
      )}
    </FlatForm>
  );
}

/**
 * The code step of a transfer to another member: the SMS names the amount and the destination's last digits,
 * and the code confirms exactly that transfer. A new message from the server empties the boxes.
 */
export function TransferCodeDialog({ open, phone, error, submitting, onSubmit, onResend, onCancel, onExited }: TransferCodeDialogProps) {
  const [round, setRound] = useState(0);
  const [shownError, setShownError] = useState(error);
  if (shownError !== error) {
    setShownError(error);
    if (error) setRound(round + 1);
  }
  // When the last code went: the boxes start afresh after a refusal (a new round), the wait for a new code does not
  // (each wrong code pushed "Send a new code" back to 60 s).
  const [sentAt, setSentAt] = useState(() => Date.now());
  useEffect(() => {
    if (open) setSentAt(Date.now());
  }, [open, phone]);
  const waitSeconds = resendWaitSeconds(sentAt);
  const resend = async () => {
    await onResend();
    setSentAt(Date.now());
  };
  return (
    <Dialog open={open} onClose={() => !submitting && onCancel()} aria-labelledby="transfer-code-title" maxWidth="xs" fullWidth slotProps={{ transition: { onExited } }}>
      <DialogTitle id="transfer-code-title">{TRANSFER_TEXTS.codeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {fillText(TRANSFER_TEXTS.codeBody, { phone: phone || TRANSFER_TEXTS.yourMobile })}
        </DialogContentText>
        <Suspense fallback={<CircularProgress aria-label={PAGE_TEXTS.loading} />}>
          <CodeForm error={error} submitting={submitting} onSubmit={onSubmit} onResend={resend} onCancel={onCancel} round={round} waitSeconds={waitSeconds} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
