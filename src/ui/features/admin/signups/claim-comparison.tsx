import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { AccountClaimReview, PersonDetails } from '../../../../shared/api-types';
import { formatDate, formatDateTime } from '../../../../shared/format-date';

type Field = { label: string; show: (p: PersonDetails) => string; key: (p: PersonDetails) => string };

const lower = (v: string | null) => (v ?? '').trim().toLowerCase();
const fullName = (p: PersonDetails) => [p.first_name, p.last_name].filter(Boolean).join(' ');

/** The details compared, each with how it is shown and how two values count as the same. */
const FIELDS: Field[] = [
  { label: 'Name', show: fullName, key: (p) => `${lower(p.first_name)} ${lower(p.last_name)}` },
  { label: 'Date of Birth', show: (p) => formatDate(p.dob), key: (p) => (p.dob ?? '').slice(0, 10) },
  { label: 'Email', show: (p) => p.email ?? '', key: (p) => lower(p.email) },
  { label: 'Mobile', show: (p) => p.mobile ?? '', key: (p) => (p.mobile ?? '').replace(/\D/g, '') },
];

/** Whether each compared detail differs between what the applicant entered and the member record. */
export function claimDifferences(claim: AccountClaimReview): Record<string, boolean> {
  return Object.fromEntries(FIELDS.map((f) => [f.label, !claim.on_file || f.key(claim.applied) !== f.key(claim.on_file)]));
}

function proofText(claim: AccountClaimReview): string {
  if (claim.proven) {
    const where = claim.channel === 'email' ? "email address on file" : "mobile number on file";
    return `Claim proven: the applicant entered the code sent to the member's ${where} (${claim.code_sent_to}) on ${formatDateTime(claim.verified_on)}.`;
  }
  return "Claim not proven: the applicant has not entered the code sent to the member's contact details on file. Approval will be refused.";
}

/**
 * An existing customer's claim on the review page (DESIGN.md "Existing-customer claim"): what the applicant
 * entered next to the member record holding the account number they gave, differences marked (colour,
 * icon and the word, so not by colour alone), and whether the code to the member's contact was entered.
 */
function MatchChip({ differs }: { differs: boolean }) {
  return differs ? (
    <Chip size="small" variant="outlined" icon={<WarningAmberIcon color="warning" />} label="Differs" sx={{ borderColor: 'warning.main', fontWeight: 600 }} />
  ) : (
    <Chip size="small" variant="outlined" color="success" label="Same" />
  );
}

const differsBackground = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12) };

/** On a phone: one block per detail, both values under its name (a four-column table does not fit). */
function StackedComparison({ claim, differs }: { claim: AccountClaimReview; differs: Record<string, boolean> }) {
  return (
    <Box component="dl" aria-label="Applicant and member record side by side" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {FIELDS.map((f) => (
        <Box key={f.label} data-differs={differs[f.label] ? 'true' : 'false'} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', ...(differs[f.label] ? differsBackground : {}) }}>
          <Box component="dt" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontWeight: 600, mb: 0.5 }}>
            {f.label}
            <MatchChip differs={differs[f.label]} />
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            Applicant entered: {f.show(claim.applied) || '—'}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            Member record: {claim.on_file ? f.show(claim.on_file) || 'not on file' : '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ClaimComparison({ claim }: { claim: AccountClaimReview }) {
  const differs = claimDifferences(claim);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="claim-title">
      <Typography id="claim-title" variant="h3" component="h2" sx={{ mb: 2 }}>
        Existing Customer Claim
      </Typography>
      <Stack spacing={2}>
        {/* Static content of the page, not a live announcement: a note, not an alert. */}
        <Alert severity={claim.proven ? 'success' : 'error'} role="note">
          {proofText(claim)}
        </Alert>
        <Typography variant="body2">
          Account number entered: <strong>{claim.account_number ?? 'none'}</strong>
          {claim.on_file ? ` · member ${claim.on_file.member_number}` : ' · no member holds this account number'}
          {claim.on_file?.has_online_access ? ' · this member already has online access' : ''}
          {` · ${claim.attempts} ${claim.attempts === 1 ? 'account number tried' : 'account numbers tried'}`}
        </Typography>
        {phone ? (
          <StackedComparison claim={claim} differs={differs} />
        ) : (
          <Table size="small" aria-label="Applicant and member record side by side">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Detail
                </TableCell>
                <TableCell component="th" scope="col">
                  Applicant entered
                </TableCell>
                <TableCell component="th" scope="col">
                  Member record
                </TableCell>
                <TableCell component="th" scope="col">
                  Match
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {FIELDS.map((f) => (
                <TableRow key={f.label} data-differs={differs[f.label] ? 'true' : 'false'} sx={differs[f.label] ? differsBackground : undefined}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {f.label}
                  </TableCell>
                  <TableCell>{f.show(claim.applied) || '—'}</TableCell>
                  <TableCell>{claim.on_file ? f.show(claim.on_file) || 'not on file' : '—'}</TableCell>
                  <TableCell>
                    <MatchChip differs={differs[f.label]} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
