import { lazy } from 'react';
import { muiPage } from '../../components/mui-page';

// The member area's pages, which the route table (./routes.tsx) reaches through this one module.
// The layout brings the MUI theme its pages use.
export const MemberLayout = muiPage(() => import('./member-layout'));
export const ComingSoonPage = lazy(() => import('../../components/coming-soon-page'));
export const DashboardPage = lazy(() => import('./dashboard-page'));
export const TransactionsPage = lazy(() => import('./transactions-page'));
export const TransferToSelfPage = lazy(() => import('./transfer-to-self-page'));
export const TransferToMemberPage = lazy(() => import('./transfer-to-member-page'));
