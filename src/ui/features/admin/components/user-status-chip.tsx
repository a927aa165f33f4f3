import { Chip } from '@mui/material';
import { USER_STATUS_FILTERS } from '../../../../shared/statuses';

/**
 * One status per user (spec 2 section 2, decided in issue 10): Deleted wins, then Blocked, else Active. A
 * deleted user never reads "Active" and "Deleted" at once; a deleted user who is also blocked still shows
 * Unblock among the actions.
 */
export function UserStatusChip({ isBlocked, isDeleted }: { isBlocked: boolean; isDeleted: boolean }) {
  if (isDeleted) return <Chip size="small" variant="outlined" label={USER_STATUS_FILTERS.deleted} />;
  if (isBlocked) return <Chip size="small" color="error" label={USER_STATUS_FILTERS.blocked} />;
  return <Chip size="small" color="success" label={USER_STATUS_FILTERS.active} />;
}
