import { Box, CircularProgress } from '@mui/material';

export function PageLoader() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
