import { installMatchMedia } from '../../../helpers/match-media';
// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { createTheme } from '@mui/material/styles';
import { TransactionsTable } from '../../../../src/ui/features/member/components/transactions-table';
import type { LedgerItem } from '../../../../src/ui/features/member/api/accounts-api';
import { MEMBER_TEXTS } from '../../../../src/shared/member-texts';

const theme = createTheme();
/** An instant by the credit union's wall clock (Port of Spain, UTC-4 all year), the zone the table shows times in. */
const at = (y: number, m: number, d: number, h: number, min: number) => new Date(Date.UTC(y, m - 1, d, h + 4, min)).toISOString();
const entry = (over: Partial<LedgerItem>): LedgerItem => ({
  id: 1,
  date: at(2026, 11, 23, 10, 4),
  account_number: '10000000101',
  account_type: 'savings',
  product: 'Regular Savings',
  description: 'Opening balance',
  kind: 'opening',
  amount_cents: 1_250_000,
  balance_after_cents: 1_250_000,
  reference_no: null,
  instructions: null,
  ...over,
});
const items = [
  entry({ id: 3, account_number: '30000000101', account_type: 'loan', product: 'Personal Loan', amount_cents: 1_875_000, balance_after_cents: 1_875_000 }),
  entry({ id: 2, amount_cents: -4_975, balance_after_cents: 1_245_025, description: 'Transfer to account ending 0201', reference_no: 'TRFABCDEFGH23', date: at(2026, 11, 24, 9, 30) }),
  entry({ id: 1 }),
];

const viewport = installMatchMedia;

describe('the member\'s transactions', () => {
  it('shows dates as dd.mm.yyyy hh:mm; money in green, out red, and a loan (money owed) in the normal text colour', () => {
    viewport(1280);
    render(<TransactionsTable items={items} caption="Recent transactions" />);
    const table = screen.getByRole('table', { name: 'Recent transactions' });
    expect(within(table).getAllByText('23.11.2026 10:04')).toHaveLength(2);
    expect(within(table).getByText('24.11.2026 09:30')).toBeInTheDocument();
    // An opening entry's amount and the balance after it are the same figure: the amount comes first in its row.
    expect(within(table).getAllByText('TTD $18,750.00')[0]).toHaveStyle({ color: theme.palette.text.primary });
    expect(within(table).getAllByText('TTD $12,500.00')[0]).toHaveStyle({ color: theme.palette.success.main });
    expect(within(table).getByText('-TTD $49.75')).toHaveStyle({ color: theme.palette.error.main });
    // The running balance of the account after each entry, from the ledger.
    expect(within(table).getByRole('columnheader', { name: MEMBER_TEXTS.balance })).toBeInTheDocument();
    expect(within(table).getByText('TTD $12,450.25')).toBeInTheDocument();
  });

  it('stacks the entries as cards at 360 px, every column still there', () => {
    viewport(360);
    render(<TransactionsTable items={items} caption="Recent transactions" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const transfer = cards[1];
    expect(transfer).toHaveTextContent('Transfer to account ending 0201');
    expect(within(transfer).getByText('-TTD $49.75')).toBeInTheDocument();
    expect(within(transfer).getAllByRole('term').map((t) => t.textContent)).toEqual(['Date', 'Account', 'Reference', 'Balance']);
    expect(within(transfer).getAllByRole('definition').map((d) => d.textContent)).toEqual(['24.11.2026 09:30', 'Regular Savings10000000101', 'TRFABCDEFGH23', 'TTD $12,450.25']);
  });
});
