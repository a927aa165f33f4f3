import { Alert, Button, Stack } from '@mui/material';

/** What a signed-in member sees on an administrator's route. */
export default function AccessDenied() {
  return (
    <Stack spacing={2} sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
      <Alert severity="error">Access denied. This area is for administrators.</Alert>
      <Button href="/users/dashboard" variant="outlined">
        Go to your dashboard
      </Button>
    </Stack>
  );
}
