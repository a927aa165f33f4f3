import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMachine } from '@xstate/react';
import { usePageTitle } from '../../lib/use-page-title';
import { AUTH_TEXTS } from '../../../shared/auth-texts';
import { SESSION_TEXTS } from '../../../shared/session-texts';
import { savedSignIn, signInMachine } from '../../../engine/auth/sign-in-machine';
import { FlatForm } from '../../forms/flat-form';
import { useFlatForm } from '../../forms/use-flat-form';
import { submitTextOf } from '../../forms/submit-text';
import { getSessionEndedNotice } from './session-store';
import { authApi } from './api/auth-api';
import { loginErrorMessage } from './auth-errors';
import { noteSignInCodeSent, readSignInFlow, writeSignInFlow } from './sign-in-flow';

/** A message another page sent along (session expired, password reset), shown above the form. */
function carriedNotice(state: unknown): { text: string; severity: 'success' | 'warning' | 'info' } | null {
  const text = (state as { message?: unknown } | null)?.message;
  if (typeof text !== 'string' || !text) return null;
  if (text === AUTH_TEXTS.resetSuccessRedirect) return { text, severity: 'success' };
  if (text === SESSION_TEXTS.expired) return { text, severity: 'warning' };
  return { text, severity: 'info' };
}

/**
 * /login (spec 1 section 2): the sign-in form (forms/auth/sign-in, whose title and description head the page), checked
 * on blur; success sends an SMS code. The page's other words are forms/messages/auth.json's.
 */
export default function LoginPage() {
  usePageTitle(AUTH_TEXTS.signInPage);
  const navigate = useNavigate();
  const location = useLocation();
  const form = useFlatForm('auth/sign-in');
  const notice = carriedNotice(location.state) ?? carriedNotice({ message: getSessionEndedNotice() });
  const [state, send, actor] = useMachine(signInMachine, { input: { saved: readSignInFlow(), at: 'login' } });
  const submitting = state.matches('signingIn');
  const storedError = state.context.error;

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const saved = savedSignIn(snapshot);
      // /login writes once something happened here: opening it leaves a code step under way alone.
      if (snapshot.matches('signingIn')) return;
      if (saved && (saved.loginStep === 'mobile-verification' || saved.error)) writeSignInFlow(saved);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const submit = async (values: Record<string, string>) => {
    if (!state.can({ type: 'login.submitted' })) return;
    send({ type: 'login.submitted' });
    try {
      const answer = await authApi.login(values.email.trim(), values.password);
      send({ type: 'code.sent', userId: answer.user_id, phone: answer.phone ?? null });
      // The code went out with this answer: the code page's resend countdown runs from now, across a reload too.
      noteSignInCodeSent();
      navigate('/auth/mobile-verification');
    } catch (error) {
      send({ type: 'login.failed', message: loginErrorMessage(error) });
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          {form.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {form.description}
        </Typography>
        <FlatForm
          form={form}
          onSubmit={(values) => void submit(values)}
          before={
            <>
              {notice && !storedError && (
                <Alert severity={notice.severity} role="status">
                  {notice.text}
                </Alert>
              )}
              {storedError && (
                <Alert severity="error" role="alert" onClose={() => send({ type: 'alert.dismissed' })}>
                  {storedError}
                </Alert>
              )}
            </>
          }
        >
          {({ values, hasErrors }) => (
            <>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={submitting || !values.email || !values.password || hasErrors}
                aria-busy={submitting}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {submitTextOf(form)}
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Link component={RouterLink} to="/reset-password">
                  {AUTH_TEXTS.resetPasswordLink}
                </Link>
                <Link component={RouterLink} to="/new-or-existing-customer">
                  {AUTH_TEXTS.signUpLink}
                </Link>
              </Stack>
            </>
          )}
        </FlatForm>
      </CardContent>
    </Card>
  );
}
