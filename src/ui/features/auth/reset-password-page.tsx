import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMachine } from '@xstate/react';
import { usePageTitle } from '../../lib/use-page-title';
import { ResendCountdown } from '../../components/resend-countdown';
import { AUTH_TEXTS } from '../../../shared/auth-texts';
import { fillNodes } from '../../components/fill-nodes';
import { resetPasswordMachine, restoredReset, savedReset } from '../../../engine/auth/reset-password-machine';
import { FlatForm } from '../../forms/flat-form';
import { useFlatForm } from '../../forms/use-flat-form';
import { submitTextOf } from '../../forms/submit-text';
import { authApi } from './api/auth-api';
import { resetSendErrorMessage, resetUpdateError, resetVerifyErrorMessage } from './auth-errors';
import { resendWaitSeconds } from '../../../shared/resend-wait';

const STEP_KEY = 'cu.auth.reset';

function readSaved() {
  try {
    return restoredReset(JSON.parse(sessionStorage.getItem(STEP_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * /reset-password (spec 1 section 2): email -> code -> new password -> /login after 2 s; the forms are forms/auth/reset-*,
 * and the form of the step under way heads the page with its title and description.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const emailForm = useFlatForm('auth/reset-email');
  // The page's name in the tab, whichever step is under way: its first form's title.
  usePageTitle(emailForm.title);
  const codeForm = useFlatForm('auth/reset-code');
  const passwordForm = useFlatForm('auth/reset-password');
  const [state, send, actor] = useMachine(resetPasswordMachine, { input: { saved: readSaved() } });
  const { context } = state;
  const { sentAt } = context;

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const saved = savedReset(snapshot);
      if (saved) sessionStorage.setItem(STEP_KEY, JSON.stringify(saved));
      else sessionStorage.removeItem(STEP_KEY);
      if (snapshot.matches('left')) navigate('/login');
      if (snapshot.matches('finished')) navigate('/login', { replace: true, state: { message: AUTH_TEXTS.resetSuccessRedirect } });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  const step = state.matches('email') || state.matches('sendingCode') ? 'email' : state.matches('verification') || state.matches('verifyingCode') ? 'verification' : 'password';
  const busy = state.matches('sendingCode') || state.matches('verifyingCode') || state.matches('updatingPassword');
  const updated = state.matches('updated') || state.matches('finished');
  const stepForm = { email: emailForm, verification: codeForm, password: passwordForm }[step];
  const back = () => send({ type: 'back' });

  const sendEmail = async ({ email }: Record<string, string>) => {
    const submitted = { type: 'email.submitted', email, at: Date.now() } as const;
    if (!state.can(submitted)) return;
    send(submitted);
    // The machine goes back to the code already sent when it is still good (same email, within the wait).
    if (!actor.getSnapshot().matches('sendingCode')) return;
    try {
      const answer = await authApi.resetSend(email.trim());
      send({ type: 'code.sent', requestId: answer.user_id, message: answer.message ?? AUTH_TEXTS.resetCodeSent, at: Date.now() });
    } catch (error) {
      send({ type: 'code.send.failed', message: resetSendErrorMessage(error) });
    }
  };

  const resend = async () => {
    try {
      const answer = await authApi.resetSend(context.email);
      send({ type: 'code.resent', requestId: answer.user_id, message: answer.message ?? AUTH_TEXTS.resetCodeSent, at: Date.now() });
    } catch (error) {
      send({ type: 'code.resend.failed', message: resetSendErrorMessage(error) });
      throw error;
    }
  };

  const verifyCode = async ({ code }: Record<string, string>) => {
    if (!context.requestId || !state.can({ type: 'code.submitted' })) return;
    send({ type: 'code.submitted' });
    try {
      const answer = await authApi.resetVerify(context.requestId, context.email, code);
      send({ type: 'code.verified', resetToken: answer.reset_token ?? answer.access_token ?? null, message: answer.message ?? AUTH_TEXTS.codeVerified });
    } catch (error) {
      send({ type: 'code.verify.failed', message: resetVerifyErrorMessage(error) });
    }
  };

  const updatePassword = async ({ new_password }: Record<string, string>) => {
    const token = context.resetToken;
    if (!context.requestId || !state.can({ type: 'password.submitted' })) return;
    send({ type: 'password.submitted' });
    if (!token) return; // the machine shows the invalid-token message
    try {
      const answer = await authApi.resetUpdate(context.requestId, context.email, new_password, token);
      send({ type: 'password.updated', message: answer.message ?? AUTH_TEXTS.passwordUpdated });
    } catch (error) {
      send({ type: 'password.update.failed', ...resetUpdateError(error) });
    }
  };

  // A refusal of the earlier attempt goes once the person changes what they typed (it stayed beside the new input).
  const cleared = () => {
    if (context.alert) send({ type: 'input.changed' });
  };

  const spinner = busy ? <CircularProgress size={18} color="inherit" /> : undefined;
  // A new step takes the focus to its first box: after Enter on Send Reset Code the code is typed straight in, not
  // into a page whose focused button has gone.
  const stepArea = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepArea.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled])')?.focus();
  }, [step]);

  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          {stepForm.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {stepForm.description}
        </Typography>
        <Stack spacing={2.5} ref={stepArea}>
          {context.alert && (
            <Alert severity="error" role="alert">
              {context.alert}
            </Alert>
          )}
          {context.success && !context.alert && (
            <Alert severity="success" role="status">
              {context.success}
            </Alert>
          )}

          {step === 'email' && (
            <FlatForm key="email" form={emailForm} initialValues={{ email: context.email }} onSubmit={(values) => void sendEmail(values)}>
              {({ values, hasErrors }) => (
                <>
                  <Button type="submit" variant="contained" size="large" disabled={busy || !values.email || hasErrors} startIcon={spinner}>
                    {submitTextOf(emailForm)}
                  </Button>
                  <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
                    {AUTH_TEXTS.backToLogin}
                  </Link>
                </>
              )}
            </FlatForm>
          )}

          {step === 'verification' && (
            <FlatForm key={`code-${context.sentAt}`} form={codeForm} onValuesChange={cleared} onSubmit={(values) => void verifyCode(values)}>
              {({ values }) => (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {fillNodes(AUTH_TEXTS.resetCodeSentTo, { email: <strong>{context.email}</strong> })}
                  </Typography>
                  <Button type="submit" variant="contained" size="large" disabled={busy || values.code.length !== 6} startIcon={spinner}>
                    {submitTextOf(codeForm)}
                  </Button>
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Button variant="outlined" onClick={back}>
                      {AUTH_TEXTS.back}
                    </Button>
                    <ResendCountdown key={sentAt} onResend={resend} seconds={resendWaitSeconds(sentAt)} disabled={busy} />
                  </Stack>
                </>
              )}
            </FlatForm>
          )}

          {step === 'password' && (
            <FlatForm key="password" form={passwordForm} serverErrors={context.fieldErrors} onValuesChange={cleared} onSubmit={(values) => void updatePassword(values)}>
              {({ values, hasErrors }) => (
                <>
                  <Button type="submit" variant="contained" size="large" disabled={busy || updated || !values.new_password || !values.confirm_password || hasErrors} startIcon={spinner}>
                    {submitTextOf(passwordForm)}
                  </Button>
                  <Button variant="outlined" onClick={back} disabled={busy || updated} sx={{ alignSelf: 'flex-start' }}>
                    {AUTH_TEXTS.back}
                  </Button>
                </>
              )}
            </FlatForm>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
