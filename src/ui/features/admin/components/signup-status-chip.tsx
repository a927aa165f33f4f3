import { Chip } from '@mui/material';

/** Pending, Approved or Rejected (spec 2 section 2); any other status shows as Pending (section 4). */
export function SignupStatusChip({ status }: { status: string }) {
  if (status === 'approved') return <Chip size="small" color="success" label="Approved" />;
  if (status === 'rejected') return <Chip size="small" color="error" label="Rejected" />;
  return <Chip size="small" color="warning" label="Pending" />;
}
