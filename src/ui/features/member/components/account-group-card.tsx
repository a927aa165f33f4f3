import { Card, CardContent, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { DashboardAccount } from '../api/accounts-api';
import { formatCents } from '../../../../shared/money';
import { fillText } from '../../../../shared/fill-text';
import { MEMBER_TEXTS } from '../../../../shared/member-texts';

/** One card group of the dashboard (Savings, Deposits or Loans): product and balance per account, or the empty message. */
export function AccountGroupCard({ group, title, icon, accounts, emptyMessage, balanceLabel }: { group: string; title: string; icon: ReactNode; accounts: DashboardAccount[]; emptyMessage: string; balanceLabel: string }) {
  // By the group, not its title: a title is worded in member.json and may hold spaces, which an id cannot.
  const headingId = `accounts-${group}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {icon}
          <Typography id={headingId} variant="h3" component="h2">
            {title}
          </Typography>
        </Stack>
        {accounts.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>{emptyMessage}</Typography>
        ) : (
          <List disablePadding>
            {accounts.map((account, index) => (
              <li key={account.id}>
                {index > 0 && <Divider component="div" />}
                <ListItem disableGutters component="div" sx={{ alignItems: 'flex-start' }}>
                  <ListItemText
                    primary={account.Product}
                    secondary={fillText(MEMBER_TEXTS.accountNumber, { number: account.AccountNumber })}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  <Stack sx={{ alignItems: 'flex-end', ml: 2 }}>
                    <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {balanceLabel}
                    </Typography>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={`balance-${account.AccountNumber}`}>
                      {formatCents(account.balance_cents)}
                    </Typography>
                  </Stack>
                </ListItem>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
