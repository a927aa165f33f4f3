import { useState } from 'react';
import { Alert, Card, CardContent, Skeleton, Stack, TablePagination, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/use-page-title';
import { getTransactions } from './api/accounts-api';
import { TransactionsTable } from './components/transactions-table';
import { phonePaginationSx } from '../../components/responsive-table';
import { MEMBER_DATA, useServerData } from '../../lib/use-server-data';

/** /users/transactions: every ledger entry of the member's accounts, newest first, paged (the dashboard's View All). */
export default function TransactionsPage() {
  usePageTitle('Transactions');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useServerData(() => getTransactions(page + 1, pageSize), [page, pageSize], MEMBER_DATA);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Transactions</Typography>
      <Card variant="outlined">
        <CardContent>
          {list.error && <Alert severity="error" role="alert">{list.error}</Alert>}
          {list.loading && !list.data && <Skeleton variant="rounded" height={240} aria-label="Loading transactions" />}
          {list.data && list.data.total === 0 && <Typography sx={{ color: 'text.secondary' }}>No transactions yet.</Typography>}
          {list.data && list.data.total > 0 && (
            <>
              <TransactionsTable items={list.data.items} caption="Transactions" />
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
