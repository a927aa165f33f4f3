import { muiPage } from '../../components/mui-page';

// The development pages, which the route table (./routes.tsx) reaches through this one module.
export const OutboxPage = muiPage(() => import('./outbox-page'));
export const StudioPage = muiPage(() => import('./studio/studio-page'));
