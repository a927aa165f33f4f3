import { Chip, Stack } from '@mui/material';
import { USER_STATUS_FILTERS } from '../../../../shared/statuses';

/**
 * A user's status (spec 2 section 2, decided in issue 10): Deleted, Blocked or Active. A deleted user never reads
 * "Active" and "Deleted" at once; one who is also blocked reads both Deleted and Blocked (with Blocked hidden, only
 * the Unblock action told it).
 */
export function UserStatusChip({ isBlocked, isDeleted }: { isBlocked: boolean; isDeleted: boolean }) {
  if (isDeleted) {
    const deleted = <Chip size="small" variant="outlined" label={USER_STATUS_FILTERS.deleted} />;
    return isBlocked ? (
      <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex' }}>
        {deleted}
        <Chip size="small" color="error" label={USER_STATUS_FILTERS.blocked} />
      </Stack>
    ) : (
      deleted
    );
  }
  if (isBlocked) return <Chip size="small" color="error" label={USER_STATUS_FILTERS.blocked} />;
  return <Chip size="small" color="success" label={USER_STATUS_FILTERS.active} />;
}
