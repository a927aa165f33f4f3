import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const OutboxPage = lazy(() => import('./outbox-page'));
const FlowPage = lazy(() => import('./flow-page'));

/** Development tools; the server answers 404 to their calls in production. */
export const devRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <OutboxPage /> },
  { path: '/dev/flow', element: <FlowPage /> },
];
