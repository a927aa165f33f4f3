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
import { ADMIN_TEXTS } from '../../../shared/admin-texts';

/** The sections with pages (their words are admin.json's, read when the frame draws). */
const sections = () => [
  { label: ADMIN_TEXTS.users, to: '/admin/users', icon: <PeopleIcon /> },
  { label: ADMIN_TEXTS.signupApprovals, to: '/admin/signup-approvals', icon: <HowToRegIcon /> },
  { label: ADMIN_TEXTS.onboardingFunnel, to: '/admin/onboarding-funnel', icon: <InsightsIcon /> },
];

// Spec 2 section 2: these entries have no confirmed screens, so they are shown disabled.
const disabledSections = () => [
  { label: ADMIN_TEXTS.accountsSection, icon: <SavingsIcon /> },
  { label: ADMIN_TEXTS.applicationsSection, icon: <DescriptionIcon /> },
  { label: ADMIN_TEXTS.transfersSection, icon: <SwapHorizIcon /> },
  { label: ADMIN_TEXTS.requestsSection, icon: <InboxIcon /> },
  { label: ADMIN_TEXTS.complianceSection, icon: <GavelIcon /> },
  { label: ADMIN_TEXTS.auditSection, icon: <FactCheckIcon /> },
  { label: ADMIN_TEXTS.securitySection, icon: <SecurityIcon /> },
  { label: ADMIN_TEXTS.supportSection, icon: <SupportAgentIcon /> },
];

/** The administrator area's frame: top tabs (root tab Users), bell/settings/account icons, sidebar, logout. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const tabs = sections();
  return (
    <AppShell
      tabsLabel={ADMIN_TEXTS.adminSections}
      tabs={tabs}
      currentTab={tabs.find((s) => pathname.startsWith(s.to))?.to ?? false}
      menuLabel={ADMIN_TEXTS.adminMenu}
      entries={tabs}
      disabledEntries={disabledSections()}
      accountMenu={<AccountMenu />}
      compactOnPhone
    />
  );
}

export default AdminLayout;
