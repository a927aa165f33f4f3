import { Chip } from '@mui/material';

/**
 * One status per user (spec 2 section 2, decided in issue 10): Deleted wins, then Blocked, else Active. A
 * deleted user never reads "Active" and "Deleted" at once; a deleted user who is also blocked still shows
 * Unblock among the actions.
 */
export function UserStatusChip({ isBlocked, isDeleted }: { isBlocked: boolean; isDeleted: boolean }) {
  if (isDeleted) return <Chip size="small" variant="outlined" label="Deleted" />;
  if (isBlocked) return <Chip size="small" color="error" label="Blocked" />;
  return <Chip size="small" color="success" label="Active" />;
}
