import { Chip, Stack } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';

/** An application's risk flags as chips, in the words of flows/review.json (`labels`, from the server). */
export function RiskFlagChips({ flags, labels }: { flags: string[]; labels: Record<string, string> }) {
  if (!flags.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Risk flags" role="list">
      {flags.map((flag) => (
        // A long label ("Politically exposed") wraps between its words inside its chip on a phone (the cards) instead of
        // being cut; in the wider screens' table it stays on one line.
        <Chip key={flag} role="listitem" size="small" variant="outlined" color="warning" icon={<FlagIcon />} label={labels[flag] ?? flag} sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, py: 0.25 } }} />
      ))}
    </Stack>
  );
}
