import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { usePageTitle } from '../../lib/use-page-title';
import { OTP_LENGTH } from '../../components/otp-input';
import { CodeEntry } from '../../components/code-entry';
import { translateApiError } from '../../lib/translate-api-error';
import { ROLES } from '../../../shared/product';
import { authApi, toSessionUser } from './api/auth-api';
import { startSession } from './session-store';
import { clearSignInFlow, readSignInFlow, updateSignInFlow } from './sign-in-flow';

const MAX_RESENDS = 3;
const RESEND_LIMIT_MESSAGE = 'Maximum resend attempts reached. Please contact support if you continue to have issues.';
const CODE_KEY = 'cu.verification.code.sign_in';
const REDIRECT_MS = 2000;

/** /auth/mobile-verification (spec 1 section 2, spec 3 section 2): the SMS code of operation sign_in. */
export default function MobileVerificationPage() {
  usePageTitle('Sign In Verification');
  const navigate = useNavigate();
  const [flow] = useState(readSignInFlow);
  // The entered code is kept per operation (spec 3 section 2) so a reload does not lose it.
  const [code, setCode] = useState(() => sessionStorage.getItem(CODE_KEY) ?? '');
  const [codeError, setCodeError] = useState<string>();
  const [generalError, setGeneralError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resends, setResends] = useState(flow.resends);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    sessionStorage.setItem(CODE_KEY, code);
  }, [code]);

  const verify = async (entered: string) => {
    if (!flow.userId) {
      setGeneralError('User ID is missing. Cannot verify code.');
      return;
    }
    if (verifying || entered.length !== OTP_LENGTH) return;
    setVerifying(true);
    setCodeError(undefined);
    setGeneralError(undefined);
    try {
      const answer = await authApi.verifySignInCode(flow.userId, entered);
      const user = toSessionUser(answer);
      sessionStorage.removeItem(CODE_KEY);
      clearSignInFlow();
      setDone(true);
      timer.current = setTimeout(() => {
        startSession(user);
        navigate(user.role_id === ROLES.SYSTEMS_ADMINISTRATOR ? '/admin/users' : '/users/dashboard', { replace: true });
      }, REDIRECT_MS);
    } catch (error) {
      const { message, fieldErrors } = translateApiError(error);
      // A message about the code goes under the boxes (spec 3 section 8); anything else above them.
      if (fieldErrors.code || /code|verification/i.test(message)) setCodeError(fieldErrors.code ?? message);
      else setGeneralError(message);
      setCode('');
      setVerifying(false);
    }
  };

  const resend = async () => {
    if (!flow.userId) {
      setGeneralError('User ID is missing. Cannot send verification code.');
      throw new Error('missing user id');
    }
    if (resends >= MAX_RESENDS) {
      setGeneralError(RESEND_LIMIT_MESSAGE);
      throw new Error('limit');
    }
    setGeneralError(undefined);
    setNotice(undefined);
    try {
      const answer = await authApi.sendSignInCode(flow.userId);
      const count = resends + 1;
      setResends(count);
      updateSignInFlow({ resends: count });
      setCode('');
      setCodeError(undefined);
      setNotice(answer.message ?? 'Mobile verification code sent');
    } catch (error) {
      setGeneralError(translateApiError(error).message);
      throw error;
    }
  };

  const missingUser = !flow.userId;

  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        {/* Back at the top, as on the wizard's code screens (the same layout on every code screen). */}
        <Button startIcon={<ArrowBack />} onClick={() => navigate('/login')} sx={{ mb: 2 }}>
          Back
        </Button>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          Sign In Verification
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {flow.phone ? `Enter the 6-digit code we sent to ${flow.phone}.` : 'Enter the 6-digit code we sent to your mobile number.'}
        </Typography>
        <Stack spacing={3}>
          {generalError && (
            <Alert severity="error" role="alert">
              {generalError}
            </Alert>
          )}
          {notice && !generalError && (
            <Alert severity="success" role="status">
              {notice}
            </Alert>
          )}
          {missingUser ? (
            <Alert severity="warning" role="alert">
              User ID is missing. Cannot verify code. Please sign in again.
            </Alert>
          ) : (
            <CodeEntry
              value={code}
              onChange={setCode}
              onComplete={(c) => void verify(c)}
              onVerify={() => void verify(code)}
              onResend={resend}
              busy={verifying || done}
              resendDisabled={resends >= MAX_RESENDS}
              error={codeError}
              limitMessage={resends >= MAX_RESENDS && !generalError ? RESEND_LIMIT_MESSAGE : undefined}
              idPrefix="sign-in-code"
              status={
                verifying && !done ? (
                  <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
                    <CircularProgress size={18} /> Verifying...
                  </Box>
                ) : undefined
              }
            />
          )}
        </Stack>
      </CardContent>
      <Dialog open={done} aria-labelledby="sign-in-verified-title">
        <DialogTitle id="sign-in-verified-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" aria-hidden /> Mobile Verified Successfully
        </DialogTitle>
        <DialogContent>
          <Typography>You are signed in. Taking you to your dashboard...</Typography>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
