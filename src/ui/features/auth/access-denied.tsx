import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/use-page-title';

/** Whose area a route belongs to, and the way back to the signed-in user's own. */
const AREAS = {
  admin: { whose: 'administrators', ownPath: '/users/dashboard', ownText: 'Go to your dashboard' },
  member: { whose: 'members', ownPath: '/admin/users', ownText: 'Go to your administrator area' },
} as const;

/**
 * What a signed-in user sees on the other role's area (an administrator's route for a member, a member's for an
 * administrator): a page of its own, with a heading and title a screen reader announces, instead of that area's pages
 * drawn with the API refusing every call.
 */
export default function AccessDenied({ area }: { area: keyof typeof AREAS }) {
  usePageTitle('Access Denied');
  const { whose, ownPath, ownText } = AREAS[area];
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h1">Access Denied</Typography>
        <Alert severity="error">Access denied. This area is for {whose}.</Alert>
        <Button component={RouterLink} to={ownPath} variant="outlined">
          {ownText}
        </Button>
      </Stack>
    </Box>
  );
}
