import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One label and value of a details list (`dl`): the label muted above, the value bold. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}
