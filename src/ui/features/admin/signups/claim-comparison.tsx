import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { AccountClaimReview, PersonDetails } from '../../../../shared/api-types';
import { formatDate, formatDateTime } from '../../../../shared/format-date';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';
import { fillNodes } from '../../../components/fill-nodes';

/** `id` names the detail in the code; `label` reads its words from admin.json when shown (they may be reworded at run time). */
type Field = { id: string; label: () => string; show: (p: PersonDetails) => string; key: (p: PersonDetails) => string };

const lower = (v: string | null) => (v ?? '').trim().toLowerCase();
const fullName = (p: PersonDetails) => [p.first_name, p.last_name].filter(Boolean).join(' ');

/** The details compared, each with how it is shown and how two values count as the same. */
const FIELDS: Field[] = [
  { id: 'name', label: () => ADMIN_TEXTS.customerClaimName, show: fullName, key: (p) => `${lower(p.first_name)} ${lower(p.last_name)}` },
  { id: 'dob', label: () => ADMIN_TEXTS.customerClaimDob, show: (p) => formatDate(p.dob), key: (p) => (p.dob ?? '').slice(0, 10) },
  { id: 'email', label: () => ADMIN_TEXTS.customerClaimEmail, show: (p) => p.email ?? '', key: (p) => lower(p.email) },
  { id: 'mobile', label: () => ADMIN_TEXTS.customerClaimMobile, show: (p) => p.mobile ?? '', key: (p) => (p.mobile ?? '').replace(/\D/g, '') },
];

/** Whether each compared detail (by its id: name, dob, email, mobile) differs between what the applicant entered and the member record. */
export function claimDifferences(claim: AccountClaimReview): Record<string, boolean> {
  return Object.fromEntries(FIELDS.map((f) => [f.id, !claim.on_file || f.key(claim.applied) !== f.key(claim.on_file)]));
}

function proofText(claim: AccountClaimReview): string {
  if (claim.proven) {
    const text = claim.channel === 'email' ? ADMIN_TEXTS.customerClaimProvenEmail : ADMIN_TEXTS.customerClaimProvenMobile;
    return fillText(text, { contact: claim.code_sent_to ?? '', when: formatDateTime(claim.verified_on) });
  }
  return ADMIN_TEXTS.customerClaimUnproven;
}

/**
 * An existing customer's claim on the review page (DESIGN.md "Existing-customer claim"): what the applicant
 * entered next to the member record holding the account number they gave, differences marked (colour,
 * icon and the word, so not by colour alone), and whether the code to the member's contact was entered.
 */
function MatchChip({ differs }: { differs: boolean }) {
  return differs ? (
    <Chip size="small" variant="outlined" icon={<WarningAmberIcon color="warning" />} label={ADMIN_TEXTS.customerClaimDiffers} sx={{ borderColor: 'warning.main', fontWeight: 600 }} />
  ) : (
    <Chip size="small" variant="outlined" color="success" label={ADMIN_TEXTS.customerClaimSame} />
  );
}

const differsBackground = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12) };

/** On a phone: one block per detail, both values under its name (a four-column table does not fit). */
function StackedComparison({ claim, differs }: { claim: AccountClaimReview; differs: Record<string, boolean> }) {
  return (
    <Box component="dl" aria-label={ADMIN_TEXTS.customerClaimTable} sx={{ m: 0, display: 'grid', gap: 1 }}>
      {FIELDS.map((f) => (
        <Box key={f.id} data-differs={differs[f.id] ? 'true' : 'false'} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', ...(differs[f.id] ? differsBackground : {}) }}>
          <Box component="dt" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontWeight: 600, mb: 0.5 }}>
            {f.label()}
            <MatchChip differs={differs[f.id]} />
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {fillText(ADMIN_TEXTS.customerClaimApplicantValue, { value: f.show(claim.applied) || '—' })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {fillText(ADMIN_TEXTS.customerClaimMemberValue, { value: claim.on_file ? f.show(claim.on_file) || ADMIN_TEXTS.customerClaimNotOnFile : '—' })}
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
        {ADMIN_TEXTS.customerClaimTitle}
      </Typography>
      <Stack spacing={2}>
        {/* Static content of the page, not a live announcement: a note, not an alert. */}
        <Alert severity={claim.proven ? 'success' : 'error'} role="note">
          {proofText(claim)}
        </Alert>
        <Typography variant="body2">
          {/* Facts side by side, each a whole message of its own, joined by a dot. */}
          {fillNodes(ADMIN_TEXTS.customerClaimAccountNumber, { number: <strong>{claim.account_number ?? ADMIN_TEXTS.customerClaimNoAccountNumber}</strong> })}
          {` · ${claim.on_file ? fillText(ADMIN_TEXTS.customerClaimMember, { number: claim.on_file.member_number }) : ADMIN_TEXTS.customerClaimNoMember}`}
          {claim.on_file?.has_online_access ? ` · ${ADMIN_TEXTS.customerClaimHasAccess}` : ''}
          {` · ${fillText(claim.attempts === 1 ? ADMIN_TEXTS.customerClaimOneAttempt : ADMIN_TEXTS.customerClaimAttempts, { count: claim.attempts })}`}
        </Typography>
        {phone ? (
          <StackedComparison claim={claim} differs={differs} />
        ) : (
          <Table size="small" aria-label={ADMIN_TEXTS.customerClaimTable}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {ADMIN_TEXTS.customerClaimColumnDetail}
                </TableCell>
                <TableCell component="th" scope="col">
                  {ADMIN_TEXTS.customerClaimColumnApplicant}
                </TableCell>
                <TableCell component="th" scope="col">
                  {ADMIN_TEXTS.customerClaimColumnMember}
                </TableCell>
                <TableCell component="th" scope="col">
                  {ADMIN_TEXTS.customerClaimColumnMatch}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {FIELDS.map((f) => (
                <TableRow key={f.id} data-differs={differs[f.id] ? 'true' : 'false'} sx={differs[f.id] ? differsBackground : undefined}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {f.label()}
                  </TableCell>
                  <TableCell>{f.show(claim.applied) || '—'}</TableCell>
                  <TableCell>{claim.on_file ? f.show(claim.on_file) || ADMIN_TEXTS.customerClaimNotOnFile : '—'}</TableCell>
                  <TableCell>
                    <MatchChip differs={differs[f.id]} />
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
