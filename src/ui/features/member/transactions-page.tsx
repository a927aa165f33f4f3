import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, CardContent, Skeleton, Stack, TablePagination, TextField, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/use-page-title';
import { getTransactions, type DateRange } from './api/accounts-api';
import { TransactionsTable } from './components/transactions-table';
import { phonePaginationSx } from '../../components/responsive-table';
import { MEMBER_DATA, useServerData } from '../../lib/use-server-data';
import { MEMBER_TEXTS } from '../../../shared/member-texts';

/**
 * /users/transactions: every ledger entry of the member's accounts, newest first, with each account's running
 * balance, paged and filtered by a date range (the dashboard's View All).
 */
export default function TransactionsPage() {
  usePageTitle(MEMBER_TEXTS.transactions);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [range, setRange] = useState<DateRange>({});
  const reversed = !!range.from && !!range.to && range.from > range.to;
  const list = useServerData(
    () => (reversed ? Promise.resolve({ items: [], total: 0 }) : getTransactions(page + 1, pageSize, range)),
    [page, pageSize, range.from, range.to],
    MEMBER_DATA,
  );
  const filtered = !!(range.from || range.to);
  const setDay = (which: keyof DateRange) => (event: ChangeEvent<HTMLInputElement>) => {
    setRange((current) => ({ ...current, [which]: event.target.value || undefined }));
    setPage(0);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{MEMBER_TEXTS.transactions}</Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack component="fieldset" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ border: 0, p: 0, m: 0, mb: 2, alignItems: { sm: 'flex-start' } }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {MEMBER_TEXTS.dateRange}
            </Typography>
            <TextField label={MEMBER_TEXTS.from} type="date" size="small" value={range.from ?? ''} onChange={setDay('from')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              label={MEMBER_TEXTS.to}
              type="date"
              size="small"
              value={range.to ?? ''}
              onChange={setDay('to')}
              error={reversed}
              // The server's rule, said before asking: a range that ends before it starts matches nothing.
              helperText={reversed ? MEMBER_TEXTS.reversedDates : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {filtered && (
              <Button
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                onClick={() => {
                  setRange({});
                  setPage(0);
                }}
              >
                {MEMBER_TEXTS.clearDates}
              </Button>
            )}
          </Stack>
          {list.error && <Alert severity="error" role="alert">{list.error}</Alert>}
          {list.loading && !list.data && <Skeleton variant="rounded" height={240} aria-label={MEMBER_TEXTS.loadingTransactions} />}
          {/* Dates the wrong way round ask for nothing: the message under To says why, not "No transactions". */}
          {list.data && list.data.total === 0 && !reversed && (
            <Typography sx={{ color: 'text.secondary' }}>{filtered ? MEMBER_TEXTS.noTransactionsInDates : MEMBER_TEXTS.noTransactions}</Typography>
          )}
          {list.data && list.data.total > 0 && (
            <>
              <TransactionsTable items={list.data.items} caption={MEMBER_TEXTS.transactions} />
              <TablePagination
                component="div"
                count={list.data.total}
                page={page}
                onPageChange={(_e, p) => setPage(p)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[10, 20, 50]}
                sx={phonePaginationSx}
                onRowsPerPageChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(0);
                }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
