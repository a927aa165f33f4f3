import { useNavigate } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../lib/use-page-title';
import { PAGE_TEXTS } from '../../shared/page-texts';

export default function NotFoundPage() {
  usePageTitle(PAGE_TEXTS.notFoundTitle);
  const navigate = useNavigate();
  return (
    <Stack spacing={3} sx={{ py: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h1" component="h1">
        {PAGE_TEXTS.notFoundTitle}
      </Typography>
      <Typography color="text.secondary">{PAGE_TEXTS.notFoundBody}</Typography>
      <Button variant="contained" onClick={() => navigate('/')}>
        {PAGE_TEXTS.returnHome}
      </Button>
    </Stack>
  );
}
