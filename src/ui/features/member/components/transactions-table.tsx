import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { LedgerItem } from '../api/accounts-api';
import { formatCents } from '../../../../shared/money';
import { formatDateTime } from '../../../../shared/format-date';


/** Ledger entries as a table: date, account, description, reference, signed amount. */
export function TransactionsTable({ items, caption }: { items: LedgerItem[]; caption: string }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Account</TableCell>
          <TableCell>Description</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Reference</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.date)}</TableCell>
            <TableCell>
              {item.product}
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {item.account_number}
              </Typography>
            </TableCell>
            <TableCell>
              {item.description}
              {item.instructions && (
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {item.instructions}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>{item.reference_no ?? '—'}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: item.amount_cents < 0 ? 'error.main' : 'success.main' }}>
              {formatCents(item.amount_cents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
