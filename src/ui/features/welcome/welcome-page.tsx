import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { hasApplicationInProgress, loadProgress, ONBOARDING_PROGRESS_KEY } from '../../../engine/saved-progress';
import { usePageTitle, PRODUCT_NAME } from '../../lib/use-page-title';

/** The welcome page (spec 1 section 2): sign in, or start onboarding; an application saved on this device can be continued. */
export default function WelcomePage() {
  usePageTitle('Welcome');
  const navigate = useNavigate();
  const saved = loadProgress(localStorage, ONBOARDING_PROGRESS_KEY);
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1" gutterBottom>
          Welcome to {PRODUCT_NAME}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Check your balances and move money between accounts, any time. New to online banking with us? Open an account in a few minutes.
        </Typography>
        <Stack spacing={2}>
          {hasApplicationInProgress(saved) && (
            <Button variant="outlined" size="large" startIcon={<PlayArrowIcon />} onClick={() => navigate(saved.currentRoute ?? '/new-or-existing-customer')}>
              Continue your application
            </Button>
          )}
          <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={() => navigate('/login')}>
            Sign In
          </Button>
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              If you don't have an online account click, "Don't have an account?", to get started
            </Typography>
            <Button
              variant="outlined"
              size="large"
              fullWidth
              startIcon={<PersonAddAltIcon />}
              onClick={() => navigate('/new-or-existing-customer')}
            >
              Don't have an account?
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
