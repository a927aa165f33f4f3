import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { TextInput } from '../../components/text-input';
import { usePageTitle } from '../../lib/use-page-title';
import { AUTH_TEXTS, emailProblem, signInPasswordProblem } from '../../../shared/auth/auth-rules';
import { getSessionEndedNotice, SESSION_EXPIRED_MESSAGE } from './session-store';
import { authApi } from './api/auth-api';
import { loginErrorMessage } from './auth-errors';
import { readSignInFlow, updateSignInFlow } from './sign-in-flow';
import { PasswordField } from './password-field';

type Field = 'email' | 'password';
const RULES: Record<Field, (value: string) => string | undefined> = { email: emailProblem, password: signInPasswordProblem };

/** A message another page sent along (session expired, password reset), shown above the form. */
function carriedNotice(state: unknown): { text: string; severity: 'success' | 'warning' | 'info' } | null {
  const text = (state as { message?: unknown } | null)?.message;
  if (typeof text !== 'string' || !text) return null;
  if (text === AUTH_TEXTS.resetSuccessRedirect) return { text, severity: 'success' };
  if (text === SESSION_EXPIRED_MESSAGE) return { text, severity: 'warning' };
  return { text, severity: 'info' };
}

/** /login (spec 1 section 2): email and password, checked on blur; success sends an SMS code. */
export default function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const notice = carriedNotice(location.state) ?? carriedNotice({ message: getSessionEndedNotice() });
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [storedError, setStoredError] = useState<string | null>(() => readSignInFlow().error);

  const check = (field: Field, value: string) => setErrors((e) => ({ ...e, [field]: RULES[field](value) }));
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // After the first blur the message follows the typing, so it disappears as soon as the field is fixed.
    if (touched[field]) check(field, value);
  };
  const blur = (field: Field) => {
    setTouched((t) => ({ ...t, [field]: true }));
    check(field, values[field]);
  };

  const hasError = Object.values(errors).some(Boolean);
  const disabled = submitting || !values.email || !values.password || hasError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailProblem(values.email), password: signInPasswordProblem(values.password) };
    setErrors(found);
    setTouched({ email: true, password: true });
    if (found.email || found.password || submitting) return;
    setSubmitting(true);
    setStoredError(null);
    try {
      const answer = await authApi.login(values.email.trim(), values.password);
      updateSignInFlow({ userId: answer.user_id, phone: answer.phone ?? null, loginStep: 'mobile-verification', error: null, resends: 0 });
      navigate('/auth/mobile-verification');
    } catch (error) {
      const message = loginErrorMessage(error);
      updateSignInFlow({ error: message, loginStep: 'login' });
      setStoredError(message);
      setSubmitting(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: '2rem', mb: 1 }}>
          Welcome Back
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Sign in to your account to continue
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
          <Stack spacing={2.5}>
            {notice && !storedError && (
              <Alert severity={notice.severity} role="status">
                {notice.text}
              </Alert>
            )}
            {storedError && (
              <Alert severity="error" role="alert" onClose={() => setStoredError(null)}>
                {storedError}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              fullWidth
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              onBlur={() => blur('email')}
              error={Boolean(errors.email)}
              helperText={errors.email ?? ' '}
            />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(v) => change('password', v)}
              onBlur={() => blur('password')}
              error={errors.password}
            />
            <Button type="submit" variant="contained" size="large" disabled={disabled} aria-busy={submitting} startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
              Sign In
            </Button>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Link component={RouterLink} to="/reset-password">
                Reset Password?
              </Link>
              <Link component={RouterLink} to="/new-or-existing-customer">
                Sign Up
              </Link>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
