import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/use-page-title';
import { PAGE_TEXTS } from '../../../shared/page-texts';

/** Whose area a route belongs to, and the way back to the signed-in user's own. */
const AREAS = {
  admin: { only: 'adminAreaOnly', ownPath: '/users/dashboard', ownText: 'toYourDashboard' },
  member: { only: 'memberAreaOnly', ownPath: '/admin/users', ownText: 'toYourAdminArea' },
} as const satisfies Record<string, { only: keyof typeof PAGE_TEXTS; ownPath: string; ownText: keyof typeof PAGE_TEXTS }>;

/**
 * What a signed-in user sees on the other role's area (an administrator's route for a member, a member's for an
 * administrator): a page of its own, with a heading and title a screen reader announces, instead of that area's pages
 * drawn with the API refusing every call.
 */
export default function AccessDenied({ area }: { area: keyof typeof AREAS }) {
  usePageTitle(PAGE_TEXTS.accessDenied);
  const { only, ownPath, ownText } = AREAS[area];
  return (
    // Its own page, not in a frame: the signed-out frame lives in the first page's file, and importing it from here
    // made the bundler split React out of that file (+0.8 KB, over the first page's budget).
    <Stack component="main" spacing={2} sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h1">{PAGE_TEXTS.accessDenied}</Typography>
      <Alert severity="error">{PAGE_TEXTS[only]}</Alert>
      <Button component={RouterLink} to={ownPath} variant="outlined">
        {PAGE_TEXTS[ownText]}
      </Button>
    </Stack>
  );
}
