import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import type { StepRef } from '../../../../shared/flow/flow-types';
import { translateApiError } from '../../../lib/translate-api-error';
import { api } from '../../../lib/api-client';
import { applicantCall } from '../build-request';
import { sentApplication } from '../flow-actor';
import { ONBOARDING_TEXTS } from '../../../../shared/onboarding-texts';

const RECEIVED_DELAY_MS = 2000;
const HOME_DELAY_MS = 10_000;

/**
 * The success step kind (spec 4): 'Ready to Submit' with submit and not-ready choices; submitting calls the
 * step's endpoint, shows the received dialog after 2 s; its button, or 10 s without it, ends the wizard
 * (`onFinished`: the saved data is cleared and the page goes home).
 */
export function SuccessStep({ step, applicant, onFinished, preview = false }: { step: StepRef; applicant: Record<string, unknown>; onFinished: () => void; preview?: boolean }) {
  const t = step.texts ?? {};
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askLeave, setAskLeave] = useState(false);
  // Sent before a reload (or in another tab): received, not to be sent again.
  const sentBefore = !preview && sentApplication.is(applicant.signupId);
  const [received, setReceived] = useState(sentBefore);
  // Sent, and the wizard's saved data not yet cleared: leaving the page now (the browser's Back during the receipt)
  // clears it too, or the steps before would open again as if the application could still change (the server says 409).
  const pending = useRef(sentBefore);
  const finish = useRef(onFinished);
  finish.current = onFinished;
  useEffect(
    () => () => {
      if (pending.current) finish.current();
    },
    [],
  );

  // The studio's preview stays on its page.
  const goHome = () => {
    if (!preview) navigate('/', { replace: true });
  };
  useEffect(() => {
    if (!received || preview) return undefined;
    const timer = setTimeout(() => {
      pending.current = false;
      onFinished();
      navigate('/', { replace: true });
    }, HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [received, navigate, onFinished, preview]);

  const markSent = () => {
    pending.current = true;
    sentApplication.mark(applicant.signupId);
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (step.submit && !preview) {
        const { body, headers } = applicantCall(step, applicant, {});
        await api.request({ method: step.submit.method, url: step.submit.endpoint, data: body, headers });
        markSent();
      }
      setTimeout(() => setReceived(true), RECEIVED_DELAY_MS);
    } catch (e) {
      const refused = translateApiError(e);
      // Already received (sent from another tab, or before this page's answer was lost): said as received.
      if (refused.status === 409 && refused.message === ONBOARDING_TEXTS.alreadySubmitted) {
        markSent();
        setReceived(true);
        return;
      }
      setError(refused.message);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      {error && <Alert severity="error">{error}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t.readyTitle}
          </Typography>
          <Typography sx={{ mb: 3 }}>{t.readyBody}</Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={submit} disabled={busy}>
              {t.submit}
            </Button>
            <Button variant="outlined" onClick={() => setAskLeave(true)} disabled={busy}>
              {t.notReady}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Dialog open={askLeave} onClose={() => setAskLeave(false)} aria-labelledby="not-ready-title">
        <DialogTitle id="not-ready-title">{t.notReadyTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.notReadyBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskLeave(false)}>{t.stay}</Button>
          <Button variant="contained" onClick={() => (preview ? setAskLeave(false) : navigate('/'))}>
            {t.goHome}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={received} aria-labelledby="received-title">
        <DialogTitle id="received-title">{t.receivedTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.receivedBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              pending.current = false;
              onFinished();
              if (preview) setReceived(false);
              goHome();
            }}
          >
            {t.receivedGoHome}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
