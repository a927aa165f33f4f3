import { useLocation } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppShell } from '../../components/app-shell';
import { AccountMenu } from '../auth/account-menu';
import { MEMBER_PAGE_TITLES } from './member-page-titles';
import { MEMBER_TEXTS } from '../../../shared/member-texts';

const DASHBOARD = { label: MEMBER_TEXTS.dashboard, to: '/users/dashboard', icon: <DashboardIcon /> };


// Spec 2 section 2: only Dashboard is clickable in the member sidebar; the others appear disabled.
const DISABLED_SECTIONS = [
  { label: MEMBER_TEXTS.account, icon: <PersonIcon /> },
  { label: MEMBER_TEXTS.transactions, icon: <ReceiptLongIcon /> },
  { label: MEMBER_TEXTS.transfers, icon: <SwapHorizIcon /> },
  { label: MEMBER_TEXTS.loans, icon: <RequestQuoteIcon /> },
  { label: MEMBER_TEXTS.investments, icon: <ShowChartIcon /> },
  { label: MEMBER_TEXTS.cards, icon: <CreditCardIcon /> },
  { label: MEMBER_TEXTS.support, icon: <SupportAgentIcon /> },
  { label: MEMBER_TEXTS.settings, icon: <SettingsIcon /> },
];

/** The member area's frame: top tabs, bell/settings/account icons, the account menu with Logout, the sidebar. */
export function MemberLayout() {
  const { pathname } = useLocation();
  const currentTitle = MEMBER_PAGE_TITLES[pathname];
  return (
    <AppShell
      tabsLabel={MEMBER_TEXTS.memberPages}
      tabs={currentTitle ? [DASHBOARD, { label: currentTitle, to: pathname }] : [DASHBOARD]}
      currentTab={currentTitle ? pathname : DASHBOARD.to}
      menuLabel={MEMBER_TEXTS.memberMenu}
      entries={[DASHBOARD]}
      disabledEntries={DISABLED_SECTIONS}
      accountMenu={<AccountMenu />}
      compactOnPhone
    />
  );
}

export default MemberLayout;
