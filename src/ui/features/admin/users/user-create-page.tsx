import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/use-page-title';
import { SchemaForm } from '../../../forms/schema-form';
import { submitTextOf } from '../../../forms/submit-text';
import { createUser } from '../api/users-api';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { BackButton, useReturnTo } from '../components/back-button';
import { useLoadedForm, useUserFormSubmit } from './use-user-form';
import { useKeptDraft } from '../../auth/use-kept-draft';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

/** /admin/users/create: the admin user form (forms/admin/user); on success a message, a reset, and the list after 2 s. */
export default function UserCreatePage() {
  const navigate = useNavigate();
  const listPlace = useReturnTo('/admin/users');
  const { form, error: formError } = useLoadedForm('admin/user');
  // The heading and the button are the form's own (its schema's title, its UI schema's submit text): shown once.
  const title = form?.schema.title ?? ADMIN_TEXTS.createUser;
  usePageTitle(title);
  // What was typed survives the end of the session (signing in again returns here), passwords aside.
  const draft = useKeptDraft('admin-user-create', form);
  const [data, setData] = useState<Record<string, unknown>>(() => draft.initial ?? {});
  const [success, setSuccess] = useState<Feedback | null>(null);
  // A fresh key empties every field (RJSF keeps some widget state of its own).
  const [formKey, setFormKey] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { submit, fieldErrors, failure, busy } = useUserFormSubmit(form, ADMIN_TEXTS.createFailed, async (values) => {
    const result = await createUser(values);
    draft.forget();
    const created: Feedback = { severity: 'success', title: result.message };
    setSuccess(created);
    setData({});
    setFormKey((k) => k + 1);
    // The list says it too, with the focus (the message went with the page).
    timer.current = setTimeout(() => navigate(listPlace, { state: { feedback: created } }), 2000);
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <BackButton to="/admin/users" label={ADMIN_TEXTS.backToUsers} />
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {/* The outcome takes the focus, and with it the view: the page stayed scrolled at the disabled button. */}
      <FeedbackAlert feedback={success} onClose={() => setSuccess(null)} />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {form ? (
          <SchemaForm key={formKey} form={form} hideTitle validateOn="blur" formData={data}
            onChange={(next: Record<string, unknown>) => {
              setData(next);
              draft.keep(next);
            }}
            onSubmit={submit} serverErrors={fieldErrors} generalError={failure} disabled={busy || !!success}>
            <Box sx={{ mt: 3, display: 'flex', gap: 2 }}>
              <Button type="submit" variant="contained" disabled={busy || !!success} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {submitTextOf(form)}
              </Button>
              <Button component={RouterLink} to={listPlace} disabled={busy}>
                {ADMIN_TEXTS.cancel}
              </Button>
            </Box>
          </SchemaForm>
        ) : (
          !formError && <CircularProgress aria-label={ADMIN_TEXTS.loadingForm} />
        )}
      </Paper>
    </Stack>
  );
}
