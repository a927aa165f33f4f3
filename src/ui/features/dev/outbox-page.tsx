import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { http } from '../../lib/api-client';
import { translateApiError } from '../../lib/translate-api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { formatDateTime } from '../../../shared/format-date';

interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  status: string;
  created_on: string;
}

/** Development outbox: every email and SMS the product sent, newest first (absent in production). */
export default function OutboxPage() {
  usePageTitle('Outbox');
  const [rows, setRows] = useState<OutboxRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    http.get<{ items: OutboxRow[] }>('/dev/outbox').then(
      (data) => {
        setRows(data.items);
        setError(null);
      },
      (err) => setError(translateApiError(err).message),
    );
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          Outbox
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={load}>
          Refresh
        </Button>
      </Stack>
      <Typography color="text.secondary">Messages the product sent by email and SMS. Development only.</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {rows && rows.length === 0 && <Alert severity="info">No messages yet.</Alert>}
      {rows && rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Outbox messages">
            <TableHead>
              <TableRow>
                <TableCell>Sent</TableCell>
                <TableCell>Channel</TableCell>
                <TableCell>To</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_on)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={row.channel.toUpperCase()} color={row.channel === 'sms' ? 'secondary' : 'primary'} />
                  </TableCell>
                  <TableCell>{row.recipient}</TableCell>
                  <TableCell>
                    {row.subject && <Typography sx={{ fontWeight: 600 }}>{row.subject}</Typography>}
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-body">
                      {row.body}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
