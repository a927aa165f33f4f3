import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import InboxIcon from '@mui/icons-material/Inbox';
import { usePageTitle } from '../../../lib/use-page-title';
import { fetchSignups, type AdminSignup } from '../api/signups-api';
import { formatDateTime } from '../../../../shared/format-date';
import { SignupStatusChip } from '../components/signup-status-chip';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { useServerData } from '../../../lib/use-server-data';
import { useSignupActions } from './use-signup-actions';
import { ResponsiveTable, phonePaginationSx, type ResponsiveColumn } from '../../../components/responsive-table';

const PAGE_SIZE = 20;
const PREVIEW = 40;

/** First 40 characters of the comments, or 'No comments' (spec 2 section 2). */
export function commentPreview(comments: string | null): string {
  if (!comments || !comments.trim()) return 'No comments';
  return comments.length > PREVIEW ? `${comments.slice(0, PREVIEW).trimEnd()}…` : comments;
}

const fullName = (s: AdminSignup) => [s.first_name, s.middle_name, s.last_name].filter(Boolean).join(' ');

/** The list's columns (spec 2 section 2), one declaration for the table and the phone's cards. */
function signupColumns(openMenu: (anchor: HTMLElement, signup: AdminSignup) => void): Array<ResponsiveColumn<AdminSignup>> {
  return [
    {
      header: 'ID',
      cellSx: { fontFamily: 'monospace' },
      cell: (s) => (
        <Link component={RouterLink} to={`/admin/signup-approvals/${s.id}`} title={s.id} aria-label={`Review application ${s.id.slice(0, 8)} of ${fullName(s)}`} sx={{ fontFamily: 'monospace' }}>
          {s.id.slice(0, 8)}
        </Link>
      ),
    },
    { header: 'Name', cell: fullName, card: 'title' },
    { header: 'Email', cell: (s) => s.email },
    { header: 'Registration Date', cell: (s) => formatDateTime(s.created_on) },
    { header: 'Status', cell: (s) => <SignupStatusChip status={s.status} />, card: 'badge' },
    {
      header: 'Comments',
      cellSx: { maxWidth: 280 },
      cell: (s) => (
        <Box component="span" sx={{ color: s.comments ? 'text.primary' : 'text.secondary' }}>
          {commentPreview(s.comments)}
        </Box>
      ),
    },
    {
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (s) => (
        <IconButton aria-label={`Actions for ${fullName(s)}`} aria-haspopup="menu" onClick={(e) => openMenu(e.currentTarget, s)}>
          <MoreVertIcon />
        </IconButton>
      ),
    },
  ];
}

/** /admin/signup-approvals: submitted applications, 20 a page, with approve, reject and comment. */
export default function SignupApprovalsPage() {
  usePageTitle('Signup Approvals');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error: loadError, reload: load } = useServerData(() => fetchSignups(page, PAGE_SIZE), [page]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; signup: AdminSignup } | null>(null);

  const { ask, dialogs } = useSignupActions((result) => {
    setFeedback(result);
    void load();
  });

  function act(action: 'approve' | 'reject' | 'comment') {
    if (!menu) return;
    const s = menu.signup;
    setMenu(null);
    ask(action, { id: s.id, name: fullName(s), comments: s.comments });
  }

  const empty = data && data.total === 0;
  const columns = signupColumns((anchor, signup) => setMenu({ anchor, signup }));
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          Signup Approvals
        </Typography>
        {!empty && (
          <Button startIcon={<RefreshIcon />} onClick={() => void load()} disabled={loading}>
            Refresh
          </Button>
        )}
      </Stack>
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {loadError && (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={() => void load()}>Retry</Button>}>
          Failed to fetch signups. {loadError}
        </Alert>
      )}
      {empty ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <InboxIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
            No Signups Found
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No user signups have been submitted yet.
          </Typography>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void load()} disabled={loading}>
            Refresh
          </Button>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading signups" />}</Box>
          <ResponsiveTable label="Signups" columns={columns} rows={data?.signups ?? []} rowKey={(s) => s.id} hover cardsSx={{ px: 2, pt: 1 }} />
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={data && data.total > 0 ? Math.min(page - 1, Math.ceil(data.total / PAGE_SIZE) - 1) : 0}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            sx={phonePaginationSx}
            onPageChange={(_, p) => setParams(p > 0 ? { page: String(p + 1) } : {}, { replace: true })}
          />
        </Paper>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => act('approve')} disabled={menu?.signup.status !== 'pending_approval'}>
          Approve
        </MenuItem>
        <MenuItem onClick={() => act('reject')} disabled={menu?.signup.status !== 'pending_approval'}>
          Reject
        </MenuItem>
        <MenuItem onClick={() => act('comment')}>Add Comment</MenuItem>
        <MenuItem component={RouterLink} to={menu ? `/admin/signup-approvals/${menu.signup.id}` : '#'} onClick={() => setMenu(null)}>
          Review Application
        </MenuItem>
      </Menu>
      {dialogs}
    </Stack>
  );
}
