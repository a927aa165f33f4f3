import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** The way back to a list, at the top of an administrator detail or form page. */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}

/** A detail page whose data did not load: only the way back and what went wrong. */
export function LoadFailure({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={2}>
      {back}
      <Alert severity="error" role="alert">
        {children}
      </Alert>
    </Stack>
  );
}
