import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/use-page-title';
import { api } from '../../lib/api-client';
import { translateApiError } from '../../lib/translate-api-error';
import { FlatForm } from '../../forms/flat-form';
import { ResendCountdown } from '../../components/resend-countdown';
import { resendWaitSeconds } from '../../../shared/resend-wait';
import { useFlatForm } from '../../forms/use-flat-form';
import { submitTextOf } from '../../forms/submit-text';
import { fillText } from '../../../shared/fill-text';
import { ONBOARDING_TEXTS } from '../../../shared/onboarding-texts';
import { fillNodes } from '../../components/fill-nodes';
import { loadProgress, progressStorage } from '../../../engine/saved-progress';
import { forgetProgressOutsideTheTab, onboardingFlow, PROGRESS_KEY, readDraft, resumeApplication } from './flow-actor';

type Phase = 'checking' | 'contact' | 'code' | 'opening';

/**
 * /continue (DESIGN.md "Resume anywhere"): an application saved on this device opens straight away; otherwise the
 * applicant gives the email or mobile they started with, enters the code sent there, and lands on the first step
 * that needs them, with every earlier answer filled in from the server.
 */
/** The answer's message above the form, unless it is a field's own message already shown under that field. */
function generalMessage({ message, fieldErrors }: { message: string; fieldErrors: Record<string, string> }): string | null {
  return Object.values(fieldErrors).includes(message) ? null : message;
}

export default function ContinuePage() {
  const navigate = useNavigate();
  const contactForm = useFlatForm('auth/resume-contact');
  const codeForm = useFlatForm('auth/resume-code');
  usePageTitle(contactForm.title);
  const [phase, setPhase] = useState<Phase>('checking');
  const [contact, setContact] = useState('');
  const [resumeId, setResumeId] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPhase = useRef<Phase>('checking');
  // From one step to the other (the code sent, or "Use another email or mobile"), the form the keyboard was in is
  // gone: the keyboard goes to the new step's heading, as on the wizard's steps (wizard-layout.tsx), not the page's body.
  useEffect(() => {
    const from = shownPhase.current;
    shownPhase.current = phase;
    const active = document.activeElement;
    const moved = (from === 'contact' && phase === 'code') || (from === 'code' && phase === 'contact');
    if (moved && (!active || active === document.body || !active.isConnected)) heading.current?.focus();
  }, [phase]);

  /** Reads the draft with a token, makes it the wizard's progress, and goes to its landing step. */
  const open = async (signupId: string, token: string) => {
    const data = await readDraft(signupId, token);
    const route = resumeApplication(data, token);
    const resumed = onboardingFlow.resume?.texts.resumed;
    navigate(route, { replace: true, state: resumed ? { notice: fillText(resumed, { step: onboardingFlow.steps[data.landing]?.title ?? data.landing }) } : undefined });
  };

  // An application saved on this device whose token is still good opens without a code.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    forgetProgressOutsideTheTab();
    const saved = loadProgress(progressStorage(), PROGRESS_KEY);
    const { signupId, applicantToken } = saved?.applicant ?? {};
    if (typeof signupId !== 'string' || typeof applicantToken !== 'string') {
      setPhase('contact');
      return;
    }
    open(signupId, applicantToken).catch(() => setPhase('contact'));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // When the last code went out: "Send a new code" waits out the server's 60 s between codes instead of being refused.
  const [sentAt, setSentAt] = useState<number | null>(null);
  /** Asks for a code; whether one was sent. */
  const sendCode = async (value: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const { data } = await api.post<{ message: string; resume_id: string }>('/onboarding/resume/send', { contact: value.trim() });
      setContact(value.trim());
      setResumeId(data.resume_id);
      setInfo(data.message);
      setSentAt(Date.now());
      setPhase('code');
      return true;
    } catch (e) {
      const translated = translateApiError(e);
      setError(generalMessage(translated));
      setFieldErrors(translated.fieldErrors);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (!resumeId) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const { data } = await api.post<{ signup_id: string; applicant_token: string }>('/onboarding/resume/verify', { resume_id: resumeId, code });
      setPhase('opening');
      await open(data.signup_id, data.applicant_token);
    } catch (e) {
      const translated = translateApiError(e);
      setError(generalMessage(translated));
      setFieldErrors(translated.fieldErrors);
      setPhase('code');
    } finally {
      setBusy(false);
    }
  };

  const spinner = busy ? <CircularProgress size={18} color="inherit" /> : undefined;

  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography ref={heading} tabIndex={-1} variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1, '&:focus': { outline: 'none' } }}>
          {phase === 'code' ? codeForm.title : contactForm.title}
        </Typography>
        {(phase === 'checking' || phase === 'opening') && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>{ONBOARDING_TEXTS.openingApplication}</Typography>
          </Stack>
        )}
        {(phase === 'contact' || phase === 'code') && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {(phase === 'code' ? codeForm : contactForm).description}
          </Typography>
        )}
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {phase === 'contact' && (
            <FlatForm key="contact" form={contactForm} initialValues={{ contact }} serverErrors={fieldErrors} onSubmit={(values) => void sendCode(values.contact)}>
              {({ values, hasErrors }) => (
                <>
                  <Button type="submit" variant="contained" size="large" disabled={busy || !values.contact || hasErrors} startIcon={spinner}>
                    {submitTextOf(contactForm)}
                  </Button>
                  <Link component={RouterLink} to="/new-or-existing-customer" sx={{ alignSelf: 'center' }}>
                    {ONBOARDING_TEXTS.startNewInstead}
                  </Link>
                </>
              )}
            </FlatForm>
          )}
          {phase === 'code' && (
            <>
              {info && (
                <Alert severity="info" role="status">
                  {info}
                </Alert>
              )}
              <FlatForm key={`code-${resumeId}`} form={codeForm} serverErrors={fieldErrors} onSubmit={(values) => void verify(values.code)}>
                {({ values }) => (
                  <>
                    <Typography variant="body2" color="text.secondary">
                      {fillNodes(ONBOARDING_TEXTS.resumeCodeSentTo, { contact: <strong>{contact}</strong> })}
                    </Typography>
                    <Button type="submit" variant="contained" size="large" disabled={busy || values.code.length !== 6} startIcon={spinner}>
                      {submitTextOf(codeForm)}
                    </Button>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                      <ResendCountdown
                        key={sentAt ?? undefined}
                        label={ONBOARDING_TEXTS.sendNewCode}
                        seconds={resendWaitSeconds(sentAt)}
                        disabled={busy}
                        onResend={async () => {
                          // Refused (the hourly limit): the message shows above and the button stays available.
                          if (!(await sendCode(contact))) throw new Error('no code sent');
                        }}
                      />
                      <Button
                        variant="text"
                        onClick={() => {
                          setPhase('contact');
                          setError(null);
                          setFieldErrors({});
                        }}
                      >
                        {ONBOARDING_TEXTS.useAnotherContact}
                      </Button>
                    </Stack>
                  </>
                )}
              </FlatForm>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
