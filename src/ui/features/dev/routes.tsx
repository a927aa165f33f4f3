import type { RouteObject } from 'react-router-dom';
import { lazyExport } from '../../components/lazy-export';

const pages = () => import('./dev-pages');
const OutboxPage = lazyExport(pages, 'OutboxPage');
const FlowPage = lazyExport(pages, 'FlowPage');

/** Development tools; the server answers 404 to their calls in production. */
export const devRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <OutboxPage /> },
  { path: '/dev/flow', element: <FlowPage /> },
];
