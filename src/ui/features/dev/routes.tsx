import type { RouteObject } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';

const OutboxPage = muiPage(() => import('./outbox-page'));
const FlowPage = muiPage(() => import('./flow-page'));

/** Development tools; the server answers 404 to their calls in production. */
export const devRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <OutboxPage /> },
  { path: '/dev/flow', element: <FlowPage /> },
];
