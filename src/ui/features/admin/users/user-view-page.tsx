import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import DeleteIcon from '@mui/icons-material/Delete';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageLoader } from '../../../components/page-loader';
import { fetchUser } from '../api/users-api';
import { USER_FIELD_LABELS, officeName, padUserId, roleName } from '../admin-format';
import { formatDate, formatDateTime } from '../../../../shared/format-date';
import { UserStatusChip } from '../components/user-status-chip';
import { useUserActions } from '../components/use-user-actions';
import { useSession } from '../../auth/session-store';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { DetailField } from '../components/detail-field';
import { useServerData } from '../../../lib/use-server-data';
import { AuditTrail } from '../components/audit-trail';
import { BackButton, LoadFailure } from '../components/back-button';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';

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
  // Edit keeps the way back to the list as it was left.
  const location = useLocation();
  const { data, loading, error, reload: load } = useServerData(() => fetchUser(id!), [id]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const selfId = useSession().user?.id;

  const { ask, dialogs } = useUserActions((result) => {
    setFeedback(result);
    void load();
  });

  if (loading && !data) return <PageLoader />;
  const back = <BackButton to="/admin/users" label={ADMIN_TEXTS.backToUsers} />;
  if (!data) {
    return <LoadFailure back={back}>{error ? fillText(ADMIN_TEXTS.userNotLoaded, { error }) : ADMIN_TEXTS.noUserData}</LoadFailure>;
  }

  const { user, audit } = data;
  const isSelf = user.id === selfId;
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
            <UserStatusChip isBlocked={user.is_blocked} isDeleted={user.is_deleted} />
            <Typography variant="body2" color="text.secondary">
              Last login: {user.last_signed_in_on ? formatDateTime(user.last_signed_in_on) : 'Never'}
            </Typography>
          </Stack>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { md: 'flex-end' } }}>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => navigate(`/admin/users/${user.id}/edit`, { state: location.state })}>
              Edit
            </Button>
            {user.is_blocked ? (
              <Button variant="outlined" color="success" startIcon={<LockOpenIcon />} onClick={() => ask('unblock', user)}>
                Unblock
              </Button>
            ) : (
              <Button variant="outlined" color="warning" startIcon={<BlockIcon />} onClick={() => ask('block', user)} disabled={isSelf} aria-describedby={isSelf ? 'self-lockout-hint' : undefined}>
                Block
              </Button>
            )}
            {!user.is_deleted && (
              <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => ask('delete', user)} disabled={isSelf} aria-describedby={isSelf ? 'self-lockout-hint' : undefined}>
                Delete
              </Button>
            )}
          </Stack>
          {isSelf && (
            <Typography id="self-lockout-hint" variant="body2" color="text.secondary">
              {ADMIN_TEXTS.selfLockout}
            </Typography>
          )}
        </Stack>
      </Stack>
      <Divider />
      <Section title="Contact">
        <DetailField label="Email">{user.email}</DetailField>
        <DetailField label="Mobile">{user.mobile || 'Not provided'}</DetailField>
      </Section>
      <Section title="Personal">
        <DetailField label="Other Names">{user.other_names || 'Not provided'}</DetailField>
        <DetailField label="Date of Birth">{formatDate(user.dob) || 'Not provided'}</DetailField>
        <DetailField label="Gender">{user.gender ? (GENDER_LABELS[user.gender] ?? user.gender) : 'Not specified'}</DetailField>
      </Section>
      <Section title="System">
        <DetailField label="Role">{roleName(user.role_id)}</DetailField>
        <DetailField label="Office">{user.office_id === null ? 'Not provided' : officeName(user.office_id)}</DetailField>
      </Section>
      <AuditTrail entries={audit} fieldLabels={USER_FIELD_LABELS} />
      {dialogs}
    </Stack>
  );
}
