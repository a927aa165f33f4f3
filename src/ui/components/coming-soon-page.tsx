import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../lib/use-page-title';

/** Shown on routes whose screens are not built yet; it says so plainly and pretends nothing. */
export default function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack spacing={3} sx={{ py: 4 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Alert severity="info">This screen is coming soon. It is not available yet.</Alert>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        Return to Home
      </Button>
    </Stack>
  );
}
