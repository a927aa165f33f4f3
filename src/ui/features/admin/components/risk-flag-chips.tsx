import { Chip, Stack } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';

/** An application's risk flags as chips, in the words of flows/review.json (`labels`, from the server). */
export function RiskFlagChips({ flags, labels }: { flags: string[]; labels: Record<string, string> }) {
  if (!flags.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Risk flags" role="list">
      {flags.map((flag) => (
        // A long label ("Politically exposed person") wraps inside its chip on a phone instead of being cut.
        <Chip key={flag} role="listitem" size="small" variant="outlined" color="warning" icon={<FlagIcon />} label={labels[flag] ?? flag} sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 } }} />
      ))}
    </Stack>
  );
}
