import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useMachine } from '@xstate/react';
import { usePageTitle } from '../../lib/use-page-title';
import { OTP_LENGTH } from '../../components/otp-input';
import { ResendCountdown } from '../../components/resend-countdown';
import { translateApiError } from '../../lib/translate-api-error';
import { ROLES } from '../../../shared/product';
import { MAX_SIGN_IN_RESENDS, savedSignIn, signInMachine } from '../../../engine/auth/sign-in-machine';
import { FlatForm } from '../../forms/flat-form';
import { useFlatForm } from '../../forms/use-flat-form';
import { submitTextOf } from '../../forms/submit-text';
import { authApi, toSessionUser, type SignInVerifiedAnswer } from './api/auth-api';
import { pageAfterSignIn } from './route-guards';
import { startSession, useSession } from './session-store';
import { noteSignInCodeSent, readSignInFlow, signInCodeSentAt, writeSignInFlow } from './sign-in-flow';
import { resendWaitSeconds } from '../../../shared/resend-wait';
import { AUTH_TEXTS } from '../../../shared/auth-texts';
import { fillText } from '../../../shared/fill-text';

const CODE_KEY = 'cu.verification.code.sign_in';

/** /auth/mobile-verification (spec 1 section 2, spec 3 section 2): the SMS code of operation sign_in (forms/auth/sign-in-code). */
/**
 * /auth/mobile-verification. A visitor already signed in when they open it goes to their area's first page (spec 1
 * section 2); one who signs in here is taken by the page itself, back to where their ended session was if it was
 * theirs (./return-page.ts), so the redirect looks only at who was signed in on arrival.
 */
export default function MobileVerificationRoute() {
  const { user, isAdmin } = useSession();
  const [signedInOnArrival] = useState(user !== null);
  if (signedInOnArrival) return <Navigate to={isAdmin ? '/admin/users' : '/users/dashboard'} replace />;
  return <MobileVerificationPage />;
}

function MobileVerificationPage() {
  const navigate = useNavigate();
  const form = useFlatForm('auth/sign-in-code');
  usePageTitle(form.title);
  const [state, send, actor] = useMachine(signInMachine, { input: { saved: readSignInFlow(), at: 'mobile-verification' } });
  const { context } = state;
  const verified = useRef<SignInVerifiedAnswer | null>(null);
  // Where the signed-in user goes: back to the page their ended session was on, or their area's first page.
  const destination = useRef<{ path: string; returning: boolean; admin: boolean } | null>(null);
  // A failed check or a new code empties the boxes (a new form).
  const round = context.round;
  // When the last code went out: the resend countdown runs from it, and resumes there after a reload.
  const [sentAt, setSentAt] = useState(signInCodeSentAt);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('mobileVerification')) writeSignInFlow(savedSignIn(snapshot));
      if (snapshot.matches('signedIn')) {
        sessionStorage.removeItem(CODE_KEY);
        writeSignInFlow(null);
      }
      if (snapshot.matches('finished') && verified.current && destination.current) {
        startSession(toSessionUser(verified.current));
        navigate(destination.current.path, { replace: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  const verifying = state.matches({ mobileVerification: 'verifying' });
  const done = state.matches('signedIn') || state.matches('finished');
  const missingUser = !context.userId;
  const limitReached = context.resends >= MAX_SIGN_IN_RESENDS;

  const verify = async (code: string) => {
    if (!context.userId || code.length !== OTP_LENGTH || !state.can({ type: 'code.submitted' })) return;
    send({ type: 'code.submitted' });
    try {
      verified.current = await authApi.verifySignInCode(context.userId, code);
      const user = toSessionUser(verified.current);
      destination.current = { ...pageAfterSignIn(user), admin: user.role_id === ROLES.SYSTEMS_ADMINISTRATOR };
      send({ type: 'code.verified' });
    } catch (error) {
      // A refused code is not kept: the boxes empty (a new round), and a reload must not bring it back into them,
      // where the next digit typed would complete it and send a mix of the old code and the new one.
      sessionStorage.removeItem(CODE_KEY);
      const { message, fieldErrors } = translateApiError(error);
      // A message about the code goes under the boxes (spec 3 section 8); anything else above them.
      const onCode = Boolean(fieldErrors.code) || /code|verification/i.test(message);
      send({ type: 'code.verify.failed', message: onCode ? (fieldErrors.code ?? message) : message, onCode });
    }
  };

  const resend = async () => {
    if (!context.userId) {
      send({ type: 'code.resend.failed', message: AUTH_TEXTS.sendNeedsUser });
      throw new Error('missing user id');
    }
    if (limitReached) {
      send({ type: 'code.resend.failed', message: AUTH_TEXTS.resendLimit });
      throw new Error('limit');
    }
    try {
      const answer = await authApi.sendSignInCode(context.userId);
      sessionStorage.removeItem(CODE_KEY);
      const at = Date.now();
      noteSignInCodeSent(at);
      setSentAt(at);
      send({ type: 'code.resent', message: answer.message ?? AUTH_TEXTS.codeSent });
    } catch (error) {
      send({ type: 'code.resend.failed', message: translateApiError(error).message });
      throw error;
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        {/* Back at the top, as on the wizard's code screens (the same layout on every code screen). */}
        <Button startIcon={<ArrowBack />} onClick={() => navigate('/login')} sx={{ mb: 2 }}>
          {AUTH_TEXTS.back}
        </Button>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          {form.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {context.phone ? fillText(AUTH_TEXTS.codeSentToPhone, { phone: context.phone }) : AUTH_TEXTS.codeSentToMobile}
        </Typography>
        <Stack spacing={3}>
          {context.generalError && (
            <Alert severity="error" role="alert">
              {context.generalError}
            </Alert>
          )}
          {context.notice && !context.generalError && (
            <Alert severity="success" role="status">
              {context.notice}
            </Alert>
          )}
          {missingUser ? (
            <Alert severity="warning" role="alert">
              {AUTH_TEXTS.verifyNeedsUser} {AUTH_TEXTS.signInAgain}
            </Alert>
          ) : (
            <FlatForm
              key={round}
              form={form}
              spacing={3}
              // The entered code is kept per operation (spec 3 section 2) so a reload does not lose it.
              initialValues={{ code: round ? '' : (sessionStorage.getItem(CODE_KEY) ?? '') }}
              onValuesChange={(values) => sessionStorage.setItem(CODE_KEY, values.code)}
              serverErrors={{ code: context.codeError }}
              disabled={verifying || done}
              onSubmit={(values) => void verify(values.code)}
            >
              {({ values }) => (
                <>
                  {verifying && !done && (
                    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
                      <CircularProgress size={18} /> {AUTH_TEXTS.verifying}
                    </Box>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center' }}>
                    <ResendCountdown key={sentAt ?? undefined} onResend={resend} seconds={resendWaitSeconds(sentAt)} disabled={verifying || done || limitReached} />
                    <Button type="submit" variant="contained" disabled={verifying || done || values.code.length !== OTP_LENGTH}>
                      {submitTextOf(form)}
                    </Button>
                  </Box>
                  {limitReached && !context.generalError && (
                    <Alert severity="warning" role="status">
                      {AUTH_TEXTS.resendLimit}
                    </Alert>
                  )}
                </>
              )}
            </FlatForm>
          )}
        </Stack>
      </CardContent>
      <Dialog open={done} aria-labelledby="sign-in-verified-title">
        <DialogTitle id="sign-in-verified-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" aria-hidden /> {AUTH_TEXTS.signedInTitle}
        </DialogTitle>
        <DialogContent>
          <Typography>{destination.current?.returning ? AUTH_TEXTS.signedInToReturn : destination.current?.admin ? AUTH_TEXTS.signedInToUsers : AUTH_TEXTS.signedInToDashboard}</Typography>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
