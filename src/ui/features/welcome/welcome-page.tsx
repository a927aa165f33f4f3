import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import { usePageTitle, PRODUCT_NAME } from '../../lib/use-page-title';
import { clearCustomerFlags } from '../onboarding/customer-flags';

/** The welcome page (spec 1 section 2): sign in, or start onboarding. */
export default function WelcomePage() {
  usePageTitle('Welcome');
  const navigate = useNavigate();
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
              onClick={() => {
                clearCustomerFlags();
                navigate('/new-or-existing-customer');
              }}
            >
              Don't have an account?
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
