import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { TextInput } from '../../components/text-input';
import { usePageTitle } from '../../lib/use-page-title';
import { ResendCountdown } from '../../components/resend-countdown';
import { AUTH_TEXTS, confirmPasswordProblem, emailProblem, resetCodeProblem } from '../../../shared/auth/auth-rules';
import { passwordPolicyProblem } from '../../../shared/auth/password-policy';
import { authApi } from './api/auth-api';
import { resetSendErrorMessage, resetUpdateError, resetVerifyErrorMessage } from './auth-errors';
import { PasswordField } from './password-field';

type Step = 'email' | 'verification' | 'password';
const STEP_KEY = 'cu.auth.reset';
const REDIRECT_MS = 2000;

interface SavedReset {
  step: Step;
  email: string;
  requestId: string | null;
}

/** Step and email survive a reload; the reset token stays in memory only (it is a credential). */
function readSaved(): SavedReset {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STEP_KEY) ?? 'null') as SavedReset | null;
    if (saved && saved.requestId) return { ...saved, step: saved.step === 'password' ? 'verification' : saved.step };
  } catch {
    // fall through to a fresh start
  }
  return { step: 'email', email: '', requestId: null };
}

/** /reset-password (spec 1 section 2): email -> code -> new password -> /login after 2 s. */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const [saved] = useState(readSaved);
  const [step, setStep] = useState<Step>(saved.step);
  const [email, setEmail] = useState(saved.email);
  const [requestId, setRequestId] = useState<string | null>(saved.requestId);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [alert, setAlert] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (requestId && step !== 'email') sessionStorage.setItem(STEP_KEY, JSON.stringify({ step, email, requestId }));
    else sessionStorage.removeItem(STEP_KEY);
  }, [step, email, requestId]);

  const validators: Record<string, () => string | undefined> = {
    email: () => emailProblem(email),
    code: () => resetCodeProblem(code),
    password: () => passwordPolicyProblem(password),
    confirm: () => confirmPasswordProblem(password, confirm),
  };
  const blur = (field: string) => {
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: validators[field]() }));
  };
  // Once a field was left, its message follows the typing.
  useEffect(() => {
    setErrors((e) => {
      const next = { ...e };
      if (touched.email) next.email = emailProblem(email);
      if (touched.code) next.code = resetCodeProblem(code);
      if (touched.password) next.password = passwordPolicyProblem(password);
      if (touched.confirm) next.confirm = confirmPasswordProblem(password, confirm);
      return next;
    });
  }, [email, code, password, confirm, touched]);

  const goTo = (next: Step) => {
    setAlert(undefined);
    setSuccess(undefined);
    setStep(next);
  };

  const sendCode = async () => {
    const answer = await authApi.resetSend(email.trim());
    setRequestId(answer.user_id);
    setSentAt(Date.now());
    return answer;
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setTouched((t) => ({ ...t, email: true }));
    setErrors((e) => ({ ...e, email: problem }));
    if (problem || busy) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await sendCode();
      setCode('');
      goTo('verification');
      setSuccess(answer.message ?? AUTH_TEXTS.resetCodeSent);
    } catch (error) {
      setAlert(resetSendErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setAlert(undefined);
    try {
      const answer = await sendCode();
      setCode('');
      setSuccess(answer.message ?? AUTH_TEXTS.resetCodeSent);
    } catch (error) {
      setSuccess(undefined);
      setAlert(resetSendErrorMessage(error));
      throw error;
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetCodeProblem(code);
    setTouched((t) => ({ ...t, code: true }));
    setErrors((e) => ({ ...e, code: problem }));
    if (problem || busy || !requestId) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await authApi.resetVerify(requestId, email.trim(), code);
      setResetToken(answer.reset_token ?? answer.access_token ?? null);
      goTo('password');
      setSuccess(answer.message ?? AUTH_TEXTS.codeVerified);
    } catch (error) {
      setSuccess(undefined);
      setAlert(resetVerifyErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const found = { password: passwordPolicyProblem(password), confirm: confirmPasswordProblem(password, confirm) };
    setTouched((t) => ({ ...t, password: true, confirm: true }));
    setErrors((e) => ({ ...e, ...found }));
    if (found.password || found.confirm || busy || !requestId) return;
    if (!resetToken) {
      setAlert(AUTH_TEXTS.invalidResetToken);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await authApi.resetUpdate(requestId, email.trim(), password, resetToken);
      setResetToken(null);
      setSuccess(answer.message ?? AUTH_TEXTS.passwordUpdated);
      sessionStorage.removeItem(STEP_KEY);
      timer.current = setTimeout(() => navigate('/login', { replace: true, state: { message: AUTH_TEXTS.resetSuccessRedirect } }), REDIRECT_MS);
    } catch (error) {
      const { message, field } = resetUpdateError(error);
      setSuccess(undefined);
      setAlert(message);
      if (field) setErrors((e) => ({ ...e, password: field }));
      setBusy(false);
    }
  };

  const back = () => {
    if (step === 'password') goTo('verification');
    else if (step === 'verification') goTo('email');
    else navigate('/login');
  };

  const updated = Boolean(success) && step === 'password' && !resetToken;
  const heading = { email: 'Reset Password', verification: 'Verify Email', password: 'New Password' }[step];
  const intro = {
    email: 'Enter your email address to receive a reset code',
    verification: 'Enter the verification code sent to your email',
    password: 'Create a new password for your account',
  }[step];

  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          {heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
        <Stack spacing={2.5}>
          {alert && (
            <Alert severity="error" role="alert">
              {alert}
            </Alert>
          )}
          {success && !alert && (
            <Alert severity="success" role="status">
              {success}
            </Alert>
          )}

          {step === 'email' && (
            <Box component="form" noValidate onSubmit={submitEmail} aria-label="Reset password">
              <Stack spacing={2.5}>
                <TextInput
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  fullWidth
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  onBlur={() => blur('email')}
                  error={Boolean(errors.email)}
                  helperText={errors.email ?? ' '}
                />
                <Button type="submit" variant="contained" size="large" disabled={busy || !email || Boolean(errors.email)} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
                  Send Reset Code
                </Button>
                <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
                  Back to Login
                </Link>
              </Stack>
            </Box>
          )}

          {step === 'verification' && (
            <Box component="form" noValidate onSubmit={submitCode} aria-label="Verify email">
              <Stack spacing={2.5}>
                <TextInput
                  label="Verification Code"
                  name="code"
                  placeholder="Enter 6-digit code"
                  autoComplete="one-time-code"
                  required
                  fullWidth
                  value={code}
                  onChange={(e) => setCode(e.target.value.slice(0, 6))}
                  onBlur={() => blur('code')}
                  error={Boolean(errors.code)}
                  helperText={errors.code ?? ' '}
                  inputProps={{ inputMode: 'numeric', maxLength: 6 }}
                />
                <Typography variant="body2" color="text.secondary">
                  Code sent to <strong>{email}</strong>
                </Typography>
                <Button type="submit" variant="contained" size="large" disabled={busy || code.length !== 6} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
                  Verify Code
                </Button>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Button variant="outlined" onClick={back}>
                    Back
                  </Button>
                  <ResendCountdown onResend={resend} restartKey={sentAt} disabled={busy} label="Resend Code" />
                </Stack>
              </Stack>
            </Box>
          )}

          {step === 'password' && (
            <Box component="form" noValidate onSubmit={submitPassword} aria-label="New password">
              <Stack spacing={2.5}>
                <PasswordField label="New Password" name="new_password" autoComplete="new-password" value={password} onChange={setPassword} onBlur={() => blur('password')} error={errors.password} />
                <PasswordField label="Confirm New Password" name="confirm_password" autoComplete="new-password" value={confirm} onChange={setConfirm} onBlur={() => blur('confirm')} error={errors.confirm} />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={busy || updated || !password || !confirm || Boolean(errors.password) || Boolean(errors.confirm)}
                  startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
                >
                  Update Password
                </Button>
                <Button variant="outlined" onClick={back} disabled={busy || updated} sx={{ alignSelf: 'flex-start' }}>
                  Back
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
