import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyExport } from '../../components/lazy-export';

// The studio and everything it draws load only on its route, never with an applicant's pages (./dev-pages.ts).
const pages = () => import('./dev-pages');
const OutboxPage = lazyExport(pages, 'OutboxPage');
const StudioPage = lazyExport(pages, 'StudioPage');

/** Development tools; the server answers 404 to their calls in production. */
export const devRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <OutboxPage /> },
  // The studio replaced the flow page; old links and bookmarks still arrive.
  { path: '/dev/flow', element: <Navigate to="/dev/studio" replace /> },
];

/**
 * The analyst studio (full width). Open in development; in production its API answers only administrators whose
 * role has the studio flag, and the page says so to anyone else.
 */
export const studioRoutes: RouteObject[] = [{ path: '/dev/studio', element: <StudioPage /> }];
