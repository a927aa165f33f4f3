import { Chip, Stack } from '@mui/material';

/** Blocked or Active, plus Deleted when the user is soft-deleted (spec 2 section 2). */
export function UserStatusChips({ isBlocked, isDeleted }: { isBlocked: boolean; isDeleted: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {isBlocked ? <Chip size="small" color="error" label="Blocked" /> : <Chip size="small" color="success" label="Active" />}
      {isDeleted && <Chip size="small" variant="outlined" label="Deleted" />}
    </Stack>
  );
}
