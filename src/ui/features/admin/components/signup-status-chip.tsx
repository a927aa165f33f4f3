import { Chip } from '@mui/material';

/** Pending, Approved or Rejected (spec 2 section 2); any other status shows as Pending (section 4). */
export function SignupStatusChip({ status }: { status: string }) {
  if (status === 'approved') return <Chip size="small" color="success" label="Approved" />;
  if (status === 'rejected') return <Chip size="small" color="error" label="Rejected" />;
  // Dark text on amber: MUI's default warning chip (white on orange) fails the contrast check.
  return <Chip size="small" label="Pending" sx={{ bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' }} />;
}
