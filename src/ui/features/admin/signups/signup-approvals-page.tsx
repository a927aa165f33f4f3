import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Link,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TablePagination,
  TextField,
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
import { useListPlace } from '../components/back-button';
import { useListQuery, usePageInRange } from '../components/list-query';
import { SearchBox } from '../components/search-box';
import { useServerData } from '../../../lib/use-server-data';
import { useSignupActions, type SignupAction } from './use-signup-actions';
import { ResponsiveTable, phonePaginationSx, type ResponsiveColumn } from '../../../components/responsive-table';
import { RiskFlagChips } from '../components/risk-flag-chips';
import { useSession } from '../../auth/session-store';
import { SIGNUP_STATUS_FILTERS, SIGNUP_STATUS_LABELS, UNDECIDED_SIGNUP_STATUSES, type SignupStatus } from '../../../../shared/statuses';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { adminName } from '../admin-format';
import { fillText } from '../../../../shared/fill-text';

const PAGE_SIZE = 20;
const PREVIEW = 40;

/** First 40 characters of the comments, or ADMIN_TEXTS.noComments (spec 2 section 2). */
export function commentPreview(comments: string | null): string {
  if (!comments || !comments.trim()) return ADMIN_TEXTS.noComments;
  return comments.length > PREVIEW ? `${comments.slice(0, PREVIEW).trimEnd()}…` : comments;
}

const fullName = (s: AdminSignup) => [s.first_name, s.middle_name, s.last_name].filter(Boolean).join(' ');

/** The list's columns (spec 2 section 2), one declaration for the table and the phone's cards. */
function signupColumns(openMenu: (anchor: HTMLElement, signup: AdminSignup) => void, flagLabels: Record<string, string>, me: number | undefined, place: { returnTo: string }): Array<ResponsiveColumn<AdminSignup>> {
  return [
    {
      header: ADMIN_TEXTS.columnId,
      cellSx: { fontFamily: 'monospace' },
      cell: (s) => (
        <Link component={RouterLink} to={`/admin/signup-approvals/${s.id}`} state={place} title={s.id} aria-label={fillText(ADMIN_TEXTS.reviewApplicationOf, { id: s.id.slice(0, 8), name: fullName(s) })} sx={{ fontFamily: 'monospace' }}>
          {s.id.slice(0, 8)}
        </Link>
      ),
    },
    { header: ADMIN_TEXTS.columnName, cell: fullName, card: 'title' },
    // A long address breaks rather than widening the table (at 1280 px every column fits without scrolling sideways).
    { header: ADMIN_TEXTS.columnEmail, cell: (s) => s.email, cellSx: { overflowWrap: 'anywhere', minWidth: 120 } },
    { header: ADMIN_TEXTS.columnRegistered, cell: (s) => formatDateTime(s.created_on) },
    { header: ADMIN_TEXTS.columnStatus, cell: (s) => <SignupStatusChip status={s.status} />, card: 'badge' },
    { header: ADMIN_TEXTS.columnRisk, cellSx: { minWidth: 130 }, cell: (s) => (s.risk_flags?.length ? <RiskFlagChips flags={s.risk_flags} labels={flagLabels} /> : <Box component="span" sx={{ color: 'text.secondary' }}>{ADMIN_TEXTS.noRisk}</Box>) },
    { header: ADMIN_TEXTS.columnAssignee, cell: (s) => (s.assignee_user_id === null ? <Box component="span" sx={{ color: 'text.secondary' }}>{ADMIN_TEXTS.unassigned}</Box> : s.assignee_user_id === me ? fillText(ADMIN_TEXTS.assigneeIsYou, { name: s.assignee_name ?? ADMIN_TEXTS.you }) : adminName(s.assignee_name, s.assignee_user_id)) },
    {
      header: ADMIN_TEXTS.columnComments,
      cellSx: { maxWidth: 180, minWidth: 100 },
      cell: (s) => (
        <Box component="span" sx={{ color: s.comments ? 'text.primary' : 'text.secondary' }}>
          {commentPreview(s.comments)}
        </Box>
      ),
    },
    {
      header: ADMIN_TEXTS.columnActions,
      align: 'right',
      card: 'actions',
      cell: (s) => (
        <IconButton aria-label={fillText(ADMIN_TEXTS.actionsFor, { name: fullName(s) })} aria-haspopup="menu" onClick={(e) => openMenu(e.currentTarget, s)}>
          <MoreVertIcon />
        </IconButton>
      ),
    },
  ];
}

const isStatusFilter = (text: string): text is keyof typeof SIGNUP_STATUS_FILTERS => Object.hasOwn(SIGNUP_STATUS_FILTERS, text);
const isUndecided = (s: AdminSignup) => UNDECIDED_SIGNUP_STATUSES.includes(s.status as SignupStatus);

/**
 * /admin/signup-approvals: submitted applications, 20 a page, filtered by status and "mine" (in the URL), with
 * risk flags and assignee; approve (twice, by two administrators, when flagged), reject, refer, comment, claim.
 */
export default function SignupApprovalsPage() {
  usePageTitle(ADMIN_TEXTS.signupApprovals);
  const [params, setQuery] = useListQuery();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status') ?? '';
  const status = isStatusFilter(statusParam) ? statusParam : '';
  const mine = params.get('mine') === '1';
  const search = params.get('search') ?? '';
  const me = useSession().user?.id;
  // The application opened from here comes back to this page, these filters and this search.
  const place = useListPlace();
  const { data, loading, error: loadError, reload: load } = useServerData(() => fetchSignups({ page, pageSize: PAGE_SIZE, status, mine, search }), [page, status, mine, search]);
  const setFilter = (changes: Record<string, string>) => setQuery({ ...changes, page: '' });
  usePageInRange(page, data?.total, PAGE_SIZE, (last) => setQuery({ page: last > 1 ? String(last) : '' }));
  const filtered = !!status || mine || !!search;

  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; signup: AdminSignup } | null>(null);

  const { ask, dialogs } = useSignupActions((result) => {
    setFeedback(result);
    void load();
  });

  function act(action: SignupAction) {
    if (!menu) return;
    const s = menu.signup;
    setMenu(null);
    ask(action, { id: s.id, name: fullName(s), comments: s.comments, status: s.status, flagged: s.risk_flags.length > 0, assigneeUserId: s.assignee_user_id });
  }

  // The specification's empty state is for a queue with no applications at all; a filter that finds none says so in the table.
  const empty = data && data.total === 0 && !filtered;
  const columns = signupColumns((anchor, signup) => setMenu({ anchor, signup }), data?.flag_labels ?? {}, me, place);
  const chosen = menu?.signup;
  // The first approver gets no second (four eyes): said in the menu, as on the review page.
  const approvedByMe = Boolean(chosen && me !== undefined && chosen.approved_by?.includes(me));
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          {ADMIN_TEXTS.signupApprovals}
        </Typography>
        {!empty && (
          <Button startIcon={<RefreshIcon />} onClick={() => void load()} disabled={loading}>
            {ADMIN_TEXTS.refresh}
          </Button>
        )}
      </Stack>
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {loadError && (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={() => void load()}>{ADMIN_TEXTS.retry}</Button>}>
          {fillText(ADMIN_TEXTS.signupsNotLoaded, { error: loadError })}
        </Alert>
      )}
      {empty ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <InboxIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
            {ADMIN_TEXTS.noSignupsTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {ADMIN_TEXTS.noSignupsBody}
          </Typography>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void load()} disabled={loading}>
            {ADMIN_TEXTS.refresh}
          </Button>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
            <SearchBox label={ADMIN_TEXTS.searchApplications} placeholder={ADMIN_TEXTS.searchApplicationsHint} search={search} onSearch={(text) => setFilter({ search: text })} sx={{ minWidth: { sm: 300 } }} />
            <TextField
              select
              label={ADMIN_TEXTS.statusFilter}
              value={status}
              onChange={(e) => setFilter({ status: e.target.value })}
              size="small"
              sx={{ minWidth: 220 }}
              fullWidth={false}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{ADMIN_TEXTS.allStatuses}</MenuItem>
              {Object.entries(SIGNUP_STATUS_FILTERS).map(([value, stored]) => (
                <MenuItem key={value} value={value}>
                  {SIGNUP_STATUS_LABELS[stored]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={mine} onChange={(e) => setFilter({ mine: e.target.checked ? '1' : '' })} />} label={ADMIN_TEXTS.assignedToMe} />
          </Stack>
          <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={ADMIN_TEXTS.loadingSignups} />}</Box>
          <ResponsiveTable
            label={ADMIN_TEXTS.signupsTable}
            columns={columns}
            rows={data?.signups ?? []}
            rowKey={(s) => s.id}
            hover
            narrowCells
            cardsSx={{ px: 2, pt: 1 }}
            emptyMessage={data && filtered ? ADMIN_TEXTS.noApplicationsMatch : undefined}
          />
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={data && data.total > 0 ? Math.min(page - 1, Math.ceil(data.total / PAGE_SIZE) - 1) : 0}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            sx={phonePaginationSx}
            onPageChange={(_, p) => setQuery({ page: p > 0 ? String(p + 1) : '' })}
          />
        </Paper>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {chosen && chosen.assignee_user_id === null && isUndecided(chosen) && <MenuItem onClick={() => act('claim')}>{ADMIN_TEXTS.claim}</MenuItem>}
        {chosen && chosen.assignee_user_id !== null && chosen.assignee_user_id === me && <MenuItem onClick={() => act('release')}>{ADMIN_TEXTS.release}</MenuItem>}
        {chosen && isUndecided(chosen) && <MenuItem onClick={() => act('reassign')}>{ADMIN_TEXTS.reassign}</MenuItem>}
        <MenuItem onClick={() => act('approve')} disabled={!chosen || !isUndecided(chosen) || approvedByMe}>
          {approvedByMe ? (
            <ListItemText primary={ADMIN_TEXTS.giveSecondApproval} secondary={ADMIN_TEXTS.secondApprovalByAnother} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} />
          ) : chosen?.status === 'awaiting_second_approval' ? (
            ADMIN_TEXTS.giveSecondApproval
          ) : (
            ADMIN_TEXTS.approve
          )}
        </MenuItem>
        <MenuItem onClick={() => act('reject')} disabled={!chosen || !isUndecided(chosen)}>
          {ADMIN_TEXTS.reject}
        </MenuItem>
        <MenuItem onClick={() => act('refer')} disabled={!chosen || !isUndecided(chosen) || chosen.status === 'referred'}>
          {ADMIN_TEXTS.refer}
        </MenuItem>
        <MenuItem onClick={() => act('comment')}>{ADMIN_TEXTS.addComment}</MenuItem>
        <MenuItem component={RouterLink} to={menu ? `/admin/signup-approvals/${menu.signup.id}` : '#'} state={place} onClick={() => setMenu(null)}>
          {ADMIN_TEXTS.reviewApplication}
        </MenuItem>
      </Menu>
      {dialogs}
    </Stack>
  );
}
