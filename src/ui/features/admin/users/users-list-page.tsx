import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TablePagination,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import DeleteIcon from '@mui/icons-material/Delete';
import { usePageTitle } from '../../../lib/use-page-title';
import { fetchUsers, type AdminUser, type UserListQuery } from '../api/users-api';
import { isUserStatusFilter, USER_STATUS_FILTERS } from '../../../../shared/statuses';
import { padUserId } from '../admin-format';
import { formatDateTime } from '../../../../shared/format-date';
import { UserStatusChip } from '../components/user-status-chip';
import { useUserActions, type UserAction } from '../components/use-user-actions';
import { useSession } from '../../auth/session-store';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { useListPlace } from '../components/back-button';
import { useListQuery, usePageInRange } from '../components/list-query';
import { SearchBox } from '../components/search-box';
import { useServerData } from '../../../lib/use-server-data';
import { ResponsiveTable, phonePaginationSx, type ResponsiveColumn } from '../../../components/responsive-table';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';

const PAGE_SIZES = [10, 20, 50];

/** The list's columns (spec 2 section 2), one declaration for the table and the phone's cards. */
function userColumns(ask: (action: UserAction, user: AdminUser) => void, selfId: number | undefined, place: { returnTo: string }): Array<ResponsiveColumn<AdminUser>> {
  return [
    { header: ADMIN_TEXTS.columnUserId, cell: (user) => padUserId(user.id), cellSx: { fontFamily: 'monospace' } },
    { header: ADMIN_TEXTS.columnName, cell: (user) => user.name, card: 'title' },
    { header: ADMIN_TEXTS.columnEmailAddress, cell: (user) => user.email },
    { header: ADMIN_TEXTS.columnStatus, cell: (user) => <UserStatusChip isBlocked={user.is_blocked} isDeleted={user.is_deleted} />, card: 'badge' },
    { header: ADMIN_TEXTS.columnLastSignedIn, cell: (user) => (user.last_signed_in_on ? formatDateTime(user.last_signed_in_on) : ADMIN_TEXTS.neverSignedIn) },
    {
      header: ADMIN_TEXTS.columnActions,
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      card: 'actions',
      cell: (user) => (
        <>
          <Tooltip title={ADMIN_TEXTS.view}>
            <IconButton component={RouterLink} to={`/admin/users/${user.id}`} state={place} aria-label={fillText(ADMIN_TEXTS.viewUser, { name: user.name })} size="small">
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={ADMIN_TEXTS.edit}>
            <IconButton component={RouterLink} to={`/admin/users/${user.id}/edit`} state={place} aria-label={fillText(ADMIN_TEXTS.editUser, { name: user.name })} size="small">
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {user.is_blocked ? (
            <Tooltip title={ADMIN_TEXTS.unblock}>
              <IconButton onClick={() => ask('unblock', user)} aria-label={fillText(ADMIN_TEXTS.unblockUser, { name: user.name })} size="small" color="success">
                <LockOpenIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <SelfLockoutAction title={ADMIN_TEXTS.block} label={fillText(ADMIN_TEXTS.blockUser, { name: user.name })} color="warning" own={user.id === selfId} onClick={() => ask('block', user)} icon={<BlockIcon fontSize="small" />} />
          )}
          {!user.is_deleted && (
            <SelfLockoutAction title={ADMIN_TEXTS.delete} label={fillText(ADMIN_TEXTS.deleteUser, { name: user.name })} color="error" own={user.id === selfId} onClick={() => ask('delete', user)} icon={<DeleteIcon fontSize="small" />} />
          )}
        </>
      ),
    },
  ];
}

/** Block or Delete on a row: disabled on the administrator's own row, where the tooltip says why. */
function SelfLockoutAction({ title, label, color, own, onClick, icon }: { title: string; label: string; color: 'warning' | 'error'; own: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    // A disabled button gets no pointer events: the span carries the tooltip that says why.
    <Tooltip title={own ? ADMIN_TEXTS.selfLockout : title}>
      <span>
        <IconButton onClick={onClick} aria-label={label} size="small" color={color} disabled={own}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function readQuery(params: URLSearchParams): UserListQuery {
  const pageSize = Number(params.get('page_size'));
  const status = params.get('status') ?? '';
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : 10,
    search: params.get('search') ?? '',
    status: isUserStatusFilter(status) ? status : '',
  };
}

/** /admin/users: the user list with paging, search and status filter done by the server (spec 2 section 2). */
export default function UsersListPage() {
  usePageTitle(ADMIN_TEXTS.users);
  // Paging, search and filter live in the URL, so a reload or the back button keeps them.
  const [params, setQuery] = useListQuery();
  const query = readQuery(params);
  // An outcome brought from another page (Create User's), shown and focused here.
  const arrivedWith = (useLocation().state as { feedback?: Feedback } | null)?.feedback;
  const [feedback, setFeedback] = useState<Feedback | null>(arrivedWith ?? null);


  const { page, pageSize, search, status } = query;
  const { data, loading, error: loadError, reload: load } = useServerData(() => fetchUsers({ page, pageSize, search, status }), [page, pageSize, search, status]);

  usePageInRange(page, data?.total, pageSize, (last) => setQuery({ page: last > 1 ? String(last) : '' }));

  const { ask, dialogs } = useUserActions((result) => {
    setFeedback(result);
    void load();
  });
  // A user opened from here comes back to this page, this search and this page size.
  const place = useListPlace();
  const columns = userColumns(ask, useSession().user?.id, place);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h2" component="h1">
          {ADMIN_TEXTS.users}
        </Typography>
        <Button component={RouterLink} to="/admin/users/create" state={place} variant="contained" startIcon={<PersonAddIcon />}>
          {ADMIN_TEXTS.createUser}
        </Button>
      </Stack>

      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {loadError && (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={() => void load()}>{ADMIN_TEXTS.retry}</Button>}>
          {fillText(ADMIN_TEXTS.usersNotLoaded, { error: loadError })}
        </Alert>
      )}

      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchBox label={ADMIN_TEXTS.searchUsers} placeholder={ADMIN_TEXTS.searchUsersHint} search={query.search} onSearch={(text) => setQuery({ search: text, page: '' })} sx={{ minWidth: { sm: 300 } }} />
          <TextField select label={ADMIN_TEXTS.statusFilter} value={status} onChange={(e) => setQuery({ status: e.target.value, page: '' })} size="small" sx={{ minWidth: 160 }} fullWidth={false} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{ADMIN_TEXTS.allStatuses}</MenuItem>
            {Object.entries(USER_STATUS_FILTERS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={ADMIN_TEXTS.loadingUsers} />}</Box>
        <ResponsiveTable
          label={ADMIN_TEXTS.usersTable}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(user) => user.id}
          hover
          cardsSx={{ px: 2 }}
          emptyMessage={data ? (search ? ADMIN_TEXTS.noUsersMatchSearch : status ? ADMIN_TEXTS.noUsersMatchFilter : ADMIN_TEXTS.noUsers) : undefined}
        />
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={data && data.total > 0 ? Math.min(page - 1, Math.max(0, Math.ceil(data.total / pageSize) - 1)) : 0}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          sx={phonePaginationSx}
          onPageChange={(_, p) => setQuery({ page: p > 0 ? String(p + 1) : '' })}
          onRowsPerPageChange={(e) => setQuery({ page_size: e.target.value === '10' ? '' : e.target.value, page: '' })}
        />
      </Paper>
      {dialogs}
    </Stack>
  );
}
