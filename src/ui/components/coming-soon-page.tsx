import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../lib/use-page-title';
import { PAGE_TEXTS } from '../../shared/page-texts';

/** Shown on routes whose screens are not built yet; it says so plainly and pretends nothing. */
export default function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack spacing={3} sx={{ py: 4 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Alert severity="info">{PAGE_TEXTS.comingSoonBody}</Alert>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {PAGE_TEXTS.returnHome}
      </Button>
    </Stack>
  );
}
