import { useNavigate } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <Stack spacing={3} sx={{ py: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h1" component="h1">
        Page Not Found
      </Typography>
      <Typography color="text.secondary">The page you were looking for does not exist or has moved.</Typography>
      <Button variant="contained" onClick={() => navigate('/')}>
        Return to Home
      </Button>
    </Stack>
  );
}
