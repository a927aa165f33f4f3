import { Chip, type ChipProps } from '@mui/material';
import { SIGNUP_STATUS_LABELS } from '../../../../shared/statuses';

// Dark text on amber: MUI's default warning chip (white on orange) fails the contrast check.
const AMBER = { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' } as const;
/** A long status ("Awaiting second approval") wraps inside its chip instead of widening the approvals table. */
const WRAPS = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

function StatusChip({ sx, ...props }: ChipProps) {
  return <Chip size="small" {...props} sx={{ ...WRAPS, ...(sx as object) }} />;
}

/**
 * Approved, Rejected, Pending (spec 2 section 2) and the statuses the back office adds (Awaiting second
 * approval, Referred, Changes requested, shared/statuses.ts); any other status shows as Pending (section 4).
 */
export function SignupStatusChip({ status }: { status: string }) {
  if (status === 'approved') return <StatusChip color="success" label={SIGNUP_STATUS_LABELS.approved} />;
  if (status === 'rejected') return <StatusChip color="error" label={SIGNUP_STATUS_LABELS.rejected} />;
  if (status === 'awaiting_second_approval') return <StatusChip color="info" variant="outlined" label={SIGNUP_STATUS_LABELS.awaiting_second_approval} />;
  if (status === 'referred') return <StatusChip color="secondary" variant="outlined" label={SIGNUP_STATUS_LABELS.referred} />;
  if (status === 'changes_requested') return <StatusChip variant="outlined" label={SIGNUP_STATUS_LABELS.changes_requested} sx={{ borderColor: 'warning.main' }} />;
  return <StatusChip label={SIGNUP_STATUS_LABELS.pending_approval} sx={AMBER} />;
}
