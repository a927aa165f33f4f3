import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import SavingsIcon from '@mui/icons-material/Savings';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import SendIcon from '@mui/icons-material/Send';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/session-store';
import { getAccounts, getTransactions } from './api/accounts-api';
import { AccountGroupCard } from './components/account-group-card';
import { TransactionsTable } from './components/transactions-table';
import { MEMBER_DATA, useServerData } from '../../lib/use-server-data';
import { MEMBER_TEXTS } from '../../../shared/member-texts';
import { fillText } from '../../../shared/fill-text';
import { TRANSFER_TEXTS } from '../../../shared/transfer-texts';
import { PAGE_TEXTS } from '../../../shared/page-texts';

const QUICK_ACTIONS = [
  { label: MEMBER_TEXTS.transferToSelf, to: '/users/transfer-to-self', icon: <SyncAltIcon /> },
  { label: MEMBER_TEXTS.transferToMember, to: '/users/transfer-to-member', icon: <SendIcon /> },
  { label: MEMBER_TEXTS.applyForLoan, to: '/users/loans', icon: <RequestQuoteIcon /> },
  { label: MEMBER_TEXTS.support, to: '/users/support', icon: <SupportAgentIcon /> },
];

/** /users/dashboard (spec 2 section 2): greeting, account groups, quick actions, recent transactions from the ledger. */
export default function DashboardPage() {
  usePageTitle(MEMBER_TEXTS.dashboard);
  const { user } = useSession();
  const accounts = useServerData(getAccounts, [], MEMBER_DATA);
  const recent = useServerData(() => getTransactions(1, 5), [], MEMBER_DATA);
  const name = user?.first_name?.trim() || user?.email || '';
  // A transfer just made (the success dialog returns here): its reference stays in sight until closed.
  // Closing clears it from the history entry, so a reload or Back does not bring it back.
  const location = useLocation();
  const navigate = useNavigate();
  const completed = (location.state as { completedTransfer?: unknown } | null)?.completedTransfer;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{name ? fillText(MEMBER_TEXTS.greeting, { name }) : MEMBER_TEXTS.greetingNoName}</Typography>
      {typeof completed === 'string' && (
        <Alert severity="success" role="status" closeText={PAGE_TEXTS.close} onClose={() => navigate(location.pathname, { replace: true, state: null })}>
          {fillText(TRANSFER_TEXTS.completedNotice, { reference: completed })}
        </Alert>
      )}

      {accounts.error && (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={accounts.reload}>{MEMBER_TEXTS.retry}</Button>}>
          {accounts.error}
        </Alert>
      )}
      <Grid container spacing={2}>
        {[
          { key: 'savings' as const, title: MEMBER_TEXTS.savings, icon: <SavingsIcon color="primary" aria-hidden />, empty: MEMBER_TEXTS.noSavingsAccounts, label: MEMBER_TEXTS.availableBalance },
          { key: 'deposit' as const, title: MEMBER_TEXTS.deposits, icon: <AccountBalanceWalletIcon color="primary" aria-hidden />, empty: MEMBER_TEXTS.noDepositAccounts, label: MEMBER_TEXTS.availableBalance },
          { key: 'loan' as const, title: MEMBER_TEXTS.loans, icon: <RequestQuoteIcon color="primary" aria-hidden />, empty: MEMBER_TEXTS.noLoans, label: MEMBER_TEXTS.balanceOwed },
        ].map((group) => (
          <Grid key={group.key} size={{ xs: 12, md: 4 }}>
            {accounts.loading && !accounts.data ? (
              <Skeleton variant="rounded" height={140} aria-label={fillText(MEMBER_TEXTS.loadingGroup, { group: group.title })} />
            ) : (
              <AccountGroupCard group={group.key} title={group.title} icon={group.icon} accounts={accounts.data?.[group.key] ?? []} emptyMessage={group.empty} balanceLabel={group.label} />
            )}
          </Grid>
        ))}
      </Grid>

      {/* Below the balances only once they are in (or failed): the cards came in taller than their placeholders and
          pushed Quick Actions down 100-140 px, so a press aimed at Transfer to Member landed on a card. */}
      {(accounts.data || accounts.error) && (
        <>
          <Box component="section" aria-labelledby="quick-actions">
            <Typography id="quick-actions" variant="h3" component="h2" sx={{ mb: 1 }}>
              {MEMBER_TEXTS.quickActions}
            </Typography>
            <Grid container spacing={2}>
              {QUICK_ACTIONS.map((action) => (
                <Grid key={action.to} size={{ xs: 6, md: 3 }}>
                  <Button component={RouterLink} to={action.to} variant="outlined" startIcon={action.icon} fullWidth sx={{ py: 1.5, justifyContent: 'flex-start' }}>
                    {action.label}
                  </Button>
                </Grid>
              ))}
            </Grid>
          </Box>

          <Card variant="outlined" component="section" aria-labelledby="recent-transactions">
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography id="recent-transactions" variant="h3" component="h2">
                  {MEMBER_TEXTS.recentTransactions}
                </Typography>
                <Button component={RouterLink} to="/users/transactions">
                  {MEMBER_TEXTS.viewAll}
                </Button>
              </Stack>
              {recent.error && <Alert severity="error" role="alert">{recent.error}</Alert>}
              {recent.loading && !recent.data && <Skeleton variant="rounded" height={120} aria-label={MEMBER_TEXTS.loadingRecentTransactions} />}
              {recent.data && recent.data.items.length === 0 && <Typography sx={{ color: 'text.secondary', py: 2 }}>{MEMBER_TEXTS.noTransactions}</Typography>}
              {recent.data && recent.data.items.length > 0 && <TransactionsTable items={recent.data.items} caption={MEMBER_TEXTS.recentTransactions} />}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
