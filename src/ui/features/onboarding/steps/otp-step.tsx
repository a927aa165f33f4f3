import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { StepRef } from '../../../../shared/flow/flow-types';
import { translateApiError } from '../../../lib/translate-api-error';
import { isAxiosError } from 'axios';
import { api } from '../../../lib/api-client';
import { CodeEntry } from '../../../components/code-entry';
import { resendWaitSeconds } from '../../../../shared/resend-wait';
import { applicantCall } from '../build-request';
import { drafts } from '../flow-actor';

const SEND = '/device-verifications/send/';
const VERIFY = '/device-verifications/verify/';

/** The server's answer to a send, with the address the code went to when the answer does not name it already. */
function sentNotice(data: unknown): string | null {
  const { message, identifier } = (data ?? {}) as { message?: unknown; identifier?: unknown };
  if (typeof message !== 'string') return null;
  // "…sent to your email: ana@example.com"; a message that ends a sentence gives up its full stop to the address.
  return typeof identifier === 'string' && identifier && !message.includes(identifier) ? `${message.replace(/[.!]$/, '')}: ${identifier}` : message;
}

/**
 * The otp step kind (spec 3): a code is sent on entry, six boxes auto-submit (CodeEntry, as on the sign-in code screen), a resend button waits 60 s
 * (and stops after `maxResends`), success shows a dialog for 2 s, then the flow moves on. An address the server says
 * is already verified (no code was sent) shows its words and Next instead of the boxes. The notice says
 * where the code went, as the server words it.
 */
export function OtpStep({ step, applicant, onVerified, preview = false }: { step: StepRef; applicant: Record<string, unknown>; onVerified: (response: unknown) => void; preview?: boolean }) {
  const otp = step.otp!;
  const texts = step.texts ?? {};
  // The digits typed so far are kept in the tab (spec 3): a reload while the message is being read loses none.
  const codeKey = `code.${step.id}`;
  const [code, setTyped] = useState(() => (preview ? '' : String(drafts.load(codeKey)?.code ?? '')));
  const setCode = (value: string) => {
    setTyped(value);
    if (!preview) drafts.save(codeKey, { code: value }, []);
  };
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const [alreadyVerified, setAlreadyVerified] = useState<{ data: unknown; note: string } | null>(null);
  // When the last code went out and how many were asked for again, kept in the tab: a reload resumes the resend
  // countdown (as the sign-in and reset screens do) and the resend limit, instead of starting both again.
  const sentKey = `sent.${step.id}`;
  const [sent, setSent] = useState<{ at?: number; resends: number }>(() => {
    const kept = preview ? undefined : drafts.load(sentKey);
    return { at: typeof kept?.at === 'number' ? kept.at : undefined, resends: typeof kept?.resends === 'number' ? kept.resends : 0 };
  });
  const keepSent = (next: { at?: number; resends: number }) => {
    setSent(next);
    if (!preview) drafts.save(sentKey, next, []);
  };
  const resends = sent.resends;
  const sentOnEntry = useRef(false);

  const base = { identifier_type: otp.identifierType, operation: otp.operation, [otp.identifierType]: applicant[otp.identifierType] };
  const call = (url: string, extra: Record<string, unknown>) => {
    const { body, headers } = applicantCall({ ...step, submit: { method: 'POST', endpoint: url, includeSignupId: true } }, applicant, { ...base, ...extra });
    return api.post(url, body, { headers });
  };

  /** Sends a code; the time it went out, or undefined when none did (a preview, an address already verified, a code sent a moment ago). */
  const send = useCallback(async (onEntry = false): Promise<number | undefined> => {
    setError(null);
    if (preview) {
      setNotice('Preview: no code is sent; any 6 digits verify.');
      return undefined;
    }
    try {
      const { data } = await call(otp.sendEndpoint ?? SEND, {});
      // Back to this step, or to an earlier one and Next with the same address: nothing to enter, so the page says so
      // and offers Next (Back stays free: an applicant going back to basic info is not sent forward again).
      if ((data as { already_verified?: unknown } | undefined)?.already_verified === true) {
        setAlreadyVerified({ data, note: sentNotice(data) ?? '' });
        return undefined;
      }
      setNotice(sentNotice(data));
      return Date.now();
    } catch (e) {
      // Coming back to the page (a reload) within the resend wait: the code already sent still works, so this
      // is news, not an error.
      if (onEntry && texts.sentRecently && isAxiosError(e) && e.response?.status === 429) {
        setNotice(texts.sentRecently);
        return undefined;
      }
      // No code went out: the last notice no longer says where one is.
      setNotice(null);
      setError(translateApiError(e).message);
      throw e;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.id]);

  useEffect(() => {
    if (sentOnEntry.current) return;
    sentOnEntry.current = true;
    send(true)
      .then((at) => {
        if (at) keepSent({ at, resends });
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [send]);

  const finish = (data: unknown) => {
    setVerified(true);
    if (!preview) {
      drafts.clear(codeKey);
      drafts.clear(sentKey);
    }
    setTimeout(() => onVerified(data), 2000);
  };

  // One check at a time, and none after a code is accepted, however close together the completions come (`busy` is
  // the last rendered state): a second check of an accepted code is refused as used, and its 'Invalid verification
  // code' would stand on a step already verified (a reviewer saw that once; not reproduced).
  const checking = useRef(false);
  const verify = async (value: string) => {
    if (value.length !== 6 || checking.current) return;
    checking.current = true;
    setBusy(true);
    setError(null);
    try {
      const { data } = preview ? { data: {} } : await call(otp.verifyEndpoint ?? VERIFY, { code: value });
      finish(data);
    } catch (e) {
      checking.current = false;
      const t = translateApiError(e);
      // Spec 3 section 8: a code error sits under the code boxes.
      setError(t.fieldErrors.code ?? t.message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const limitReached = otp.maxResends !== undefined && resends >= otp.maxResends;
  if (alreadyVerified) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status">
          {alreadyVerified.note}
        </Alert>
        {/* The code boxes had the focus (they take it on entry) and are gone: without this it fell to the body. */}
        <Button variant="contained" autoFocus onClick={() => onVerified(alreadyVerified.data)}>
          {texts.next}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {texts.instructions && <Typography>{texts.instructions}</Typography>}
      {texts.help && <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 560 }}>{texts.help}</Typography>}
      {/* Where the code went stays in view under a wrong code's message: the applicant may need to look elsewhere. */}
      {notice && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      <CodeEntry
        value={code}
        onChange={setCode}
        onComplete={verify}
        onVerify={() => verify(code)}
        onResend={async () => {
          const at = await send();
          keepSent({ at: at ?? sent.at, resends: resends + 1 });
        }}
        resendSeconds={resendWaitSeconds(sent.at)}
        resendKey={sent.at}
        busy={busy || verified}
        resendDisabled={limitReached}
        error={error ?? undefined}
        limitMessage={limitReached ? texts.resendLimit : undefined}
        verifyLabel={texts.verify}
        resendLabel={texts.resend}
      />
      <Dialog open={verified} aria-labelledby="otp-verified-title">
        <DialogTitle id="otp-verified-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircle color="success" aria-hidden />
          {texts.verified}
        </DialogTitle>
        <DialogContent />
      </Dialog>
    </Stack>
  );
}
