import { Chip, Stack } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

/** An application's risk flags as chips, in the words of flows/review.json (`labels`, from the server). */
export function RiskFlagChips({ flags, labels }: { flags: string[]; labels: Record<string, string> }) {
  if (!flags.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={ADMIN_TEXTS.riskFlags} role="list">
      {flags.map((flag) => (
        // A long label ("Politically exposed") wraps between its words inside its chip rather than being cut, on a phone's
        // card and in the table alike: chips kept on one line widened the approvals table past a 1280 px screen, and
        // the pinned Actions column then covered the Assignee column.
        <Chip key={flag} role="listitem" size="small" variant="outlined" color="warning" icon={<FlagIcon />} label={labels[flag] ?? flag} sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
      ))}
    </Stack>
  );
}
