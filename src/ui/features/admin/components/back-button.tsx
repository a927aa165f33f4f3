import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Button, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** Where a list stands (its page, filters and search): the state a list gives the links to the pages it opens. */
export function useListPlace(): { returnTo: string } {
  const { pathname, search } = useLocation();
  return { returnTo: pathname + search };
}

/** The way back to `list`: as it stood when it opened this page (`useListPlace`), else its first page. */
export function useReturnTo(list: string): string {
  const from = (useLocation().state as { returnTo?: unknown } | null)?.returnTo;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : list;
}

/** The way back to a list, at the top of an administrator detail or form page: to the list as it was left. */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={useReturnTo(to)} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
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
