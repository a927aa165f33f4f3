import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageLoader } from '../../../components/page-loader';
import { SchemaForm } from '../../../forms/schema-form';
import { submitTextOf } from '../../../forms/submit-text';
import { translateApiError } from '../../../lib/translate-api-error';
import { fetchUser, updateUser, type AdminUser } from '../api/users-api';
import { padUserId } from '../admin-format';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { BackButton, LoadFailure } from '../components/back-button';
import { useLoadedForm, useUserFormSubmit } from './use-user-form';
import { useSession } from '../../auth/session-store';
import { useKeptDraft } from '../../auth/use-kept-draft';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';

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
  const { id } = useParams();
  const { form: loaded, error: formError } = useLoadedForm('admin/user-update');
  const me = useSession().user?.id;
  // An administrator's own role is shown, not offered: the server refuses to change it.
  const form = useMemo(
    () => (loaded && Number(id) === me ? { ...loaded, uiSchema: { ...loaded.uiSchema, role_id: { ...(loaded.uiSchema.role_id as object), 'ui:disabled': true, 'ui:help': ADMIN_TEXTS.cannotChangeOwnRole } } } : loaded),
    [loaded, id, me],
  );
  usePageTitle(form?.schema.title ?? ADMIN_TEXTS.editUserTitle);
  const [user, setUser] = useState<AdminUser | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [success, setSuccess] = useState<Feedback | null>(null);
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Unsaved changes survive the end of the session (signing in again returns here): laid over the stored user once.
  const draft = useKeptDraft(`admin-user-${id}`, loaded);
  const unsaved = useRef(draft.initial);

  const load = useCallback(async () => {
    try {
      const result = await fetchUser(id!);
      setUser(result.user);
      setData({ ...toFormData(result.user), ...unsaved.current });
      unsaved.current = undefined;
      setLoadError(null);
      setVersion((v) => v + 1);
    } catch (e) {
      setLoadError(fillText(ADMIN_TEXTS.userDataNotLoaded, { error: translateApiError(e).message }));
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  // The form shows only once the user has loaded, so `user` is set whenever this runs.
  const { submit, fieldErrors, failure, busy } = useUserFormSubmit(form, ADMIN_TEXTS.updateFailed, async (values) => {
    setSuccess(null);
    const { message } = await updateUser(user!.id, values);
    draft.forget();
    setSuccess({ severity: 'success', title: message });
    // The spec reloads the page after 1 s; here the page reloads its data from the server. The message stays, with the
    // focus, until it is closed or the next save (it went with the reload, and the focus with it).
    timer.current = setTimeout(() => void load(), 1000);
  });

  function change(next: Record<string, unknown>) {
    setData(next);
    if (user && JSON.stringify(next) !== JSON.stringify(toFormData(user))) draft.keep(next);
    else draft.forget();
  }

  const back = <BackButton to="/admin/users" label={ADMIN_TEXTS.backToUsers} />;
  if (loadError) {
    return <LoadFailure back={back}>{loadError}</LoadFailure>;
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
          {form.schema.title ?? ADMIN_TEXTS.editUserTitle}
        </Typography>
      </Box>
      {/* The outcome takes the focus, and with it the view: the page stayed scrolled at the disabled button. */}
      <FeedbackAlert feedback={success} onClose={() => setSuccess(null)} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <SchemaForm key={version} form={form} hideTitle validateOn="blur" formData={data} onChange={change} onSubmit={submit} serverErrors={fieldErrors} generalError={failure} disabled={busy}>
          <Box sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {submitTextOf(form)}
            </Button>
          </Box>
        </SchemaForm>
      </Paper>
    </Stack>
  );
}
