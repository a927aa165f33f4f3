import { Box, Typography } from '@mui/material';
import type { LedgerItem } from '../api/accounts-api';
import { formatCents } from '../../../../shared/money';
import { formatDateTime } from '../../../../shared/format-date';
import { MEMBER_TEXTS } from '../../../../shared/member-texts';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';

const caption = (text: string) => (
  <Typography variant="caption" component="div" sx={{ color: 'text.secondary', fontWeight: 400 }}>
    {text}
  </Typography>
);

/**
 * Money in is green and money out red; a loan's entries are neither: a loan balance is money owed, so it
 * keeps the normal text colour (as on the dashboard's Loans card).
 */
function amountColour(item: LedgerItem): string {
  if (item.account_type === 'loan') return 'text.primary';
  return item.amount_cents < 0 ? 'error.main' : 'success.main';
}

/** Date, account, description, reference, signed amount and the account's balance after it: one declaration for the table and the phone's cards. */
const COLUMNS: Array<ResponsiveColumn<LedgerItem>> = [
  { header: MEMBER_TEXTS.date, cell: (item) => formatDateTime(item.date), cellSx: { whiteSpace: 'nowrap' } },
  {
    header: MEMBER_TEXTS.account,
    cell: (item) => (
      <>
        {item.product}
        {caption(item.account_number)}
      </>
    ),
  },
  {
    header: MEMBER_TEXTS.description,
    card: 'title',
    cell: (item) => (
      <>
        {item.description}
        {item.instructions && caption(item.instructions)}
      </>
    ),
  },
  { header: MEMBER_TEXTS.reference, cell: (item) => <Box component="span" sx={{ fontFamily: 'monospace' }}>{item.reference_no ?? '—'}</Box> },
  {
    header: MEMBER_TEXTS.amount,
    align: 'right',
    card: 'badge',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (item) => (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: amountColour(item) }}>
        {formatCents(item.amount_cents)}
      </Box>
    ),
  },
  {
    header: MEMBER_TEXTS.balance,
    align: 'right',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (item) => (
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(item.balance_after_cents)}
      </Box>
    ),
  },
];

/** Ledger entries: a table on wide screens, stacked cards on a phone. */
export function TransactionsTable({ items, caption: label }: { items: LedgerItem[]; caption: string }) {
  return <ResponsiveTable label={label} columns={COLUMNS} rows={items} rowKey={(item) => item.id} />;
}
