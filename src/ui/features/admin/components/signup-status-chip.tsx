import { Chip } from '@mui/material';
import { SIGNUP_STATUS_LABELS } from '../../../../shared/statuses';

// Dark text on amber: MUI's default warning chip (white on orange) fails the contrast check.
const AMBER = { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' } as const;

/**
 * Approved, Rejected, Pending (spec 2 section 2) and the statuses the back office adds (Awaiting second
 * approval, Referred, Changes requested, shared/statuses.ts); any other status shows as Pending (section 4).
 */
export function SignupStatusChip({ status }: { status: string }) {
  if (status === 'approved') return <Chip size="small" color="success" label="Approved" />;
  if (status === 'rejected') return <Chip size="small" color="error" label="Rejected" />;
  if (status === 'awaiting_second_approval') return <Chip size="small" color="info" variant="outlined" label={SIGNUP_STATUS_LABELS.awaiting_second_approval} />;
  if (status === 'referred') return <Chip size="small" color="secondary" variant="outlined" label={SIGNUP_STATUS_LABELS.referred} />;
  if (status === 'changes_requested') return <Chip size="small" variant="outlined" label={SIGNUP_STATUS_LABELS.changes_requested} sx={{ borderColor: 'warning.main' }} />;
  return <Chip size="small" label="Pending" sx={AMBER} />;
}
