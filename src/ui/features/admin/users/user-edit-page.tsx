import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageLoader } from '../../../components/page-loader';
import { SchemaForm } from '../../../forms/schema-form';
import { translateApiError } from '../../../../shared/translate-api-error';
import { fetchUser, updateUser, type AdminUser } from '../api/users-api';
import { padUserId } from '../admin-format';
import { dateRuleErrors, useLoadedForm } from './use-user-form';

/** The update form's fields from a stored user (absent values stay empty so the form's rules apply). */
function toFormData(user: AdminUser): Record<string, unknown> {
  const entries = Object.entries({
    first_name: user.first_name,
    last_name: user.last_name,
    other_names: user.other_names,
    email: user.email,
    mobile: user.mobile,
    role_id: user.role_id,
    office_id: user.office_id,
    dob: user.dob,
    gender: user.gender,
  });
  return Object.fromEntries(entries.filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

/** /admin/users/{id}/edit: the update form (forms/admin/user-update); on success a message and a reload after 1 s. */
export default function UserEditPage() {
  usePageTitle('Edit User');
  const { id } = useParams();
  const { form, error: formError } = useLoadedForm('admin/user-update');
  const [user, setUser] = useState<AdminUser | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = useCallback(async () => {
    try {
      const result = await fetchUser(id!);
      setUser(result.user);
      setData(toFormData(result.user));
      setLoadError(null);
      setVersion((v) => v + 1);
    } catch (e) {
      setLoadError(`Failed to load user data. ${translateApiError(e).message}`);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function submit(values: Record<string, unknown>) {
    if (!form || !user) return;
    const ruleErrors = dateRuleErrors(form, values);
    setFieldErrors(ruleErrors);
    setFailure(null);
    if (Object.keys(ruleErrors).length) return;
    setBusy(true);
    try {
      await updateUser(user.id, values);
      setSuccess('User updated successfully');
      // The spec reloads the page after 1 s; here the page reloads its data from the server.
      timer.current = setTimeout(() => {
        setSuccess(null);
        void load();
      }, 1000);
    } catch (e) {
      const t = translateApiError(e);
      setFieldErrors(t.fieldErrors);
      setFailure(`Failed to update user. ${t.message}`);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      Back to Users
    </Button>
  );
  if (loadError) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error" role="alert">
          {loadError}
        </Alert>
      </Stack>
    );
  }
  if (!user || !form) return formError ? <Alert severity="error">{formError}</Alert> : <PageLoader />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      {back}
      <Box>
        <Typography variant="body2" color="text.secondary">
          User ID {padUserId(user.id)}
        </Typography>
        <Typography variant="h2" component="h1">
          Edit User
        </Typography>
      </Box>
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <SchemaForm key={version} form={form} formData={data} onChange={setData} onSubmit={submit} serverErrors={fieldErrors} generalError={failure} disabled={busy}>
          <Box sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Save Changes
            </Button>
          </Box>
        </SchemaForm>
      </Paper>
    </Stack>
  );
}
