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
import { GENDER_LABELS, USER_FIELD_LABELS, officeName, padUserId, roleName } from '../admin-format';
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

/** /admin/users/{id}: one user (spec 2 section 2) with the actions and the audit trail. */
export default function UserViewPage() {
  usePageTitle(ADMIN_TEXTS.viewUserTitle);
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
            {fillText(ADMIN_TEXTS.userNumber, { id: padUserId(user.id) })}
          </Typography>
          <Typography variant="h2" component="h1">
            {user.name}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
            <UserStatusChip isBlocked={user.is_blocked} isDeleted={user.is_deleted} />
            <Typography variant="body2" color="text.secondary">
              {fillText(ADMIN_TEXTS.lastLogin, { when: user.last_signed_in_on ? formatDateTime(user.last_signed_in_on) : ADMIN_TEXTS.neverSignedIn })}
            </Typography>
          </Stack>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { md: 'flex-end' } }}>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => navigate(`/admin/users/${user.id}/edit`, { state: location.state })}>
              {ADMIN_TEXTS.edit}
            </Button>
            {user.is_blocked ? (
              <Button variant="outlined" color="success" startIcon={<LockOpenIcon />} onClick={() => ask('unblock', user)}>
                {ADMIN_TEXTS.unblock}
              </Button>
            ) : (
              <Button variant="outlined" color="warning" startIcon={<BlockIcon />} onClick={() => ask('block', user)} disabled={isSelf} aria-describedby={isSelf ? 'self-lockout-hint' : undefined}>
                {ADMIN_TEXTS.block}
              </Button>
            )}
            {!user.is_deleted && (
              <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => ask('delete', user)} disabled={isSelf} aria-describedby={isSelf ? 'self-lockout-hint' : undefined}>
                {ADMIN_TEXTS.delete}
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
      <Section title={ADMIN_TEXTS.contactSection}>
        <DetailField label={ADMIN_TEXTS.emailLabel}>{user.email}</DetailField>
        <DetailField label={ADMIN_TEXTS.mobileLabel}>{user.mobile || ADMIN_TEXTS.notProvided}</DetailField>
      </Section>
      <Section title={ADMIN_TEXTS.personalSection}>
        <DetailField label={ADMIN_TEXTS.otherNamesLabel}>{user.other_names || ADMIN_TEXTS.notProvided}</DetailField>
        <DetailField label={ADMIN_TEXTS.dobLabel}>{formatDate(user.dob) || ADMIN_TEXTS.notProvided}</DetailField>
        <DetailField label={ADMIN_TEXTS.genderLabel}>{user.gender ? (GENDER_LABELS[user.gender] ?? user.gender) : ADMIN_TEXTS.notSpecified}</DetailField>
      </Section>
      <Section title={ADMIN_TEXTS.systemSection}>
        <DetailField label={ADMIN_TEXTS.roleLabel}>{roleName(user.role_id)}</DetailField>
        <DetailField label={ADMIN_TEXTS.officeLabel}>{user.office_id === null ? ADMIN_TEXTS.notProvided : officeName(user.office_id)}</DetailField>
      </Section>
      <AuditTrail entries={audit} fieldLabels={USER_FIELD_LABELS} />
      {dialogs}
    </Stack>
  );
}
