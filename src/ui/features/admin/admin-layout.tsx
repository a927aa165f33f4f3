import { useLocation } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import SavingsIcon from '@mui/icons-material/Savings';
import DescriptionIcon from '@mui/icons-material/Description';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import InboxIcon from '@mui/icons-material/Inbox';
import GavelIcon from '@mui/icons-material/Gavel';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SecurityIcon from '@mui/icons-material/Security';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import InsightsIcon from '@mui/icons-material/Insights';
import { AppShell } from '../../components/app-shell';
import { AccountMenu } from '../auth/account-menu';

const SECTIONS = [
  { label: 'Users', to: '/admin/users', icon: <PeopleIcon /> },
  { label: 'Signup Approvals', to: '/admin/signup-approvals', icon: <HowToRegIcon /> },
  { label: 'Onboarding Funnel', to: '/admin/onboarding-funnel', icon: <InsightsIcon /> },
];

// Spec 2 section 2: these entries have no confirmed screens, so they are shown disabled.
const DISABLED_SECTIONS = [
  { label: 'Accounts', icon: <SavingsIcon /> },
  { label: 'Applications', icon: <DescriptionIcon /> },
  { label: 'Transfers', icon: <SwapHorizIcon /> },
  { label: 'Requests', icon: <InboxIcon /> },
  { label: 'Compliance', icon: <GavelIcon /> },
  { label: 'Audit', icon: <FactCheckIcon /> },
  { label: 'Security', icon: <SecurityIcon /> },
  { label: 'Support', icon: <SupportAgentIcon /> },
];

/** The administrator area's frame: top tabs (root tab Users), bell/settings/account icons, sidebar, logout. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <AppShell
      tabsLabel="Administrator sections"
      tabs={SECTIONS}
      currentTab={SECTIONS.find((s) => pathname.startsWith(s.to))?.to ?? false}
      menuLabel="Administrator menu"
      entries={SECTIONS}
      disabledEntries={DISABLED_SECTIONS}
      accountMenu={<AccountMenu />}
      compactOnPhone
    />
  );
}

export default AdminLayout;
