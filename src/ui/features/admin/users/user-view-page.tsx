import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import DeleteIcon from '@mui/icons-material/Delete';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageLoader } from '../../../components/page-loader';
import { fetchUser, type AdminUser } from '../api/users-api';
import type { AuditEntry } from '../api/audit';
import { formatDate, formatDateTime, officeName, padUserId, roleName } from '../admin-format';
import { UserStatusChips } from '../components/user-status-chips';
import { useUserActions, type Feedback } from '../components/use-user-actions';
import { FeedbackAlert } from '../components/feedback-alert';
import { AuditTrail } from '../components/audit-trail';
import { translateApiError } from '../../../../shared/translate-api-error';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section">
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Paper>
  );
}

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

/** /admin/users/{id}: one user (spec 2 section 2) with the actions and the audit trail. */
export default function UserViewPage() {
  usePageTitle('View User');
  const { id } = useParams();
  const navigate = useNavigate();
  const [data, setData] = useState<{ user: AdminUser; audit: AuditEntry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchUser(id!));
      setError(null);
    } catch (e) {
      setError(translateApiError(e).message);
    } finally {
      setLoading(false);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const { ask, dialogs } = useUserActions((result) => {
    setFeedback(result);
    void load();
  });

  if (loading && !data) return <PageLoader />;
  const back = (
    <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      Back to Users
    </Button>
  );
  if (!data) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error" role="alert">
          {error ? `Failed to fetch user. ${error}` : 'No user data found. Please try again or contact support.'}
        </Alert>
      </Stack>
    );
  }

  const { user, audit } = data;
  return (
    <Stack spacing={3}>
      {back}
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            User ID {padUserId(user.id)}
          </Typography>
          <Typography variant="h2" component="h1">
            {user.name}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
            <UserStatusChips isBlocked={user.is_blocked} isDeleted={user.is_deleted} />
            <Typography variant="body2" color="text.secondary">
              Last login: {user.last_signed_in_on ? formatDateTime(user.last_signed_in_on) : 'Never'}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => navigate(`/admin/users/${user.id}/edit`)}>
            Edit
          </Button>
          {user.is_blocked ? (
            <Button variant="outlined" color="success" startIcon={<LockOpenIcon />} onClick={() => ask('unblock', user)}>
              Unblock
            </Button>
          ) : (
            <Button variant="outlined" color="warning" startIcon={<BlockIcon />} onClick={() => ask('block', user)}>
              Block
            </Button>
          )}
          {!user.is_deleted && (
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => ask('delete', user)}>
              Delete
            </Button>
          )}
        </Stack>
      </Stack>
      <Divider />
      <Section title="Contact">
        <Field label="Email">{user.email}</Field>
        <Field label="Mobile">{user.mobile || 'Not provided'}</Field>
      </Section>
      <Section title="Personal">
        <Field label="Other Names">{user.other_names || 'Not provided'}</Field>
        <Field label="Date of Birth">{formatDate(user.dob) || 'Not provided'}</Field>
        <Field label="Gender">{user.gender ? (GENDER_LABELS[user.gender] ?? user.gender) : 'Not specified'}</Field>
      </Section>
      <Section title="System">
        <Field label="Role">{roleName(user.role_id)}</Field>
        <Field label="Office">{user.office_id === null ? 'Not provided' : officeName(user.office_id)}</Field>
      </Section>
      <AuditTrail entries={audit} />
      {dialogs}
    </Stack>
  );
}
