import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import CommentIcon from '@mui/icons-material/Comment';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ForwardIcon from '@mui/icons-material/Forward';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageLoader } from '../../../components/page-loader';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';
import { SchemaForm } from '../../../forms/schema-form';
import { loadForm } from '../../../forms/load-form';
import { translateApiError } from '../../../lib/translate-api-error';
import { downloadSignupDocument, fetchSignup, type SignupApproval, type SignupConsent, type SignupDocument, type SignupStep } from '../api/signups-api';
import type { AuditEntry } from '../../../../shared/api-types';
import { fieldTitles } from '../../../../shared/audit-words';
import { formatDate, formatDateTime } from '../../../../shared/format-date';
import { SignupStatusChip } from '../components/signup-status-chip';
import { FeedbackAlert, type Feedback } from '../components/feedback-alert';
import { DetailField } from '../components/detail-field';
import { useServerData } from '../../../lib/use-server-data';
import { AuditTrail } from '../components/audit-trail';
import { BackButton, LoadFailure } from '../components/back-button';
import { useSignupActions } from './use-signup-actions';
import { ClaimComparison } from './claim-comparison';
import { StepAsSubmitted } from './step-as-submitted';
import { RiskFlagChips } from '../components/risk-flag-chips';
import { useSession } from '../../auth/session-store';
import { UNDECIDED_SIGNUP_STATUSES, type SignupStatus } from '../../../../shared/statuses';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';
import { adminName } from '../admin-format';

/**
 * The applicant's answers are read, not edited: the read-only form's labels and values in readable colours instead
 * of MUI's faded disabled grey (below AA contrast, axe; and hard to read in a review).
 */
const SUBMITTED_ANSWERS = {
  '& .MuiFormLabel-root.Mui-disabled, & .MuiInputLabel-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled': { color: 'text.secondary' },
  '& .MuiInputBase-input.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
} as const;

type Review = Awaited<ReturnType<typeof fetchSignup>>;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One submitted step, rendered read-only from the same form schema the applicant filled in. */
function StepSection({ step, files, signupId, onDownloadError }: { step: SignupStep; files: SignupDocument[]; signupId: string; onDownloadError: (message: string) => void }) {
  // Each document under its field's title in the form it was sent with ("Primary ID Documents", not primary_id_files).
  const [titles, setTitles] = useState<Record<string, string>>(() => fieldTitles(step.form_then?.schema ?? {}));
  useEffect(() => {
    if (step.form_then || !step.form || !files.length) return undefined;
    let live = true;
    loadForm(step.form).then((form) => live && setTitles(fieldTitles(form.schema)), () => undefined);
    return () => {
      live = false;
    };
  }, [step.form, step.form_then, files.length]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, ...SUBMITTED_ANSWERS }} component="section" aria-labelledby={`step-${step.step}`}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={`step-${step.step}`} variant="h3" component="h2">
          {step.title}
        </Typography>
        {step.changed_after_request && <Chip size="small" color="warning" label={ADMIN_TEXTS.changedAfterRequest} />}
      </Stack>
      {step.form_then ? (
        <StepAsSubmitted formThen={step.form_then} data={step.data} />
      ) : step.form ? (
        <SchemaForm formId={step.form} formData={step.data} readonly hideTitle idPrefix={`review_${step.step.replace(/-/g, '_')}`} />
      ) : (
        <Typography color="text.secondary">{ADMIN_TEXTS.stepHasNoForm}</Typography>
      )}
      {files.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {ADMIN_TEXTS.documents}
          </Typography>
          <List dense>
            {files.map((file) => (
              <ListItem
                key={file.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    aria-label={fillText(ADMIN_TEXTS.downloadFile, { name: file.original_name })}
                    onClick={() => downloadSignupDocument(signupId, file).catch((e) => onDownloadError(translateApiError(e).message))}
                  >
                    {ADMIN_TEXTS.download}
                  </Button>
                }
              >
                <ListItemText primary={file.original_name} secondary={`${titles[file.field] ?? file.field} · ${formatSize(file.size_bytes)}`} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Paper>
  );
}

/** The consents' columns, declared once: a table on wide screens, a card per consent on a phone (title: the consent). */
const consentColumns = (): ReadonlyArray<ResponsiveColumn<SignupConsent>> => [
  { header: ADMIN_TEXTS.consentColumn, cell: (c) => c.label, card: 'title' },
  { header: ADMIN_TEXTS.agreedColumn, cell: (c) => formatDateTime(c.agreed_on) },
  { header: ADMIN_TEXTS.clientAddressColumn, cell: (c) => c.client_ip ?? ADMIN_TEXTS.unknownAddress, cellSx: { fontFamily: 'monospace' } },
  {
    header: ADMIN_TEXTS.textVersionColumn,
    cell: (c) => (
      <>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {c.text_version}
        </Box>
        {!c.current_version && <Chip size="small" variant="outlined" label={ADMIN_TEXTS.earlierWording} sx={{ ml: 1 }} />}
      </>
    ),
  },
];

/**
 * What the applicant agreed to: the text's version, when, and from which address (flows/review.json "consents"). On a
 * phone each consent is a card: as a table, the address and the version were cut off at a 360 px screen's edge.
 */
function ConsentsSection({ consents }: { consents: SignupConsent[] }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="consents-title">
      <Typography id="consents-title" variant="h3" component="h2" sx={{ mb: 2 }}>
        {ADMIN_TEXTS.consents}
      </Typography>
      {consents.length === 0 ? (
        <Typography color="text.secondary">{ADMIN_TEXTS.noConsents}</Typography>
      ) : (
        <ResponsiveTable label={ADMIN_TEXTS.consents} columns={consentColumns()} rows={consents} rowKey={(c) => c.consent} />
      )}
    </Paper>
  );
}

/** Who the application is assigned to ("you" when it is the reader), and since when. */
function assigneeWords(signup: Review['signup'], mine: boolean): string {
  if (signup.assignee_user_id === null) return ADMIN_TEXTS.unassigned;
  const who = adminName(signup.assignee_name, signup.assignee_user_id);
  const name = mine ? fillText(ADMIN_TEXTS.assigneeIsYou, { name: who }) : who;
  return signup.assigned_on ? fillText(ADMIN_TEXTS.assignedSince, { name, when: formatDateTime(signup.assigned_on) }) : name;
}

/** How many approvals the application has of the number it needs, and who gave them when. */
function approvalWords(approvals: SignupApproval[], needed: number): string {
  if (!approvals.length) return fillText(ADMIN_TEXTS.approvalsGiven, { given: approvals.length, needed });
  const list = approvals.map((a) => fillText(ADMIN_TEXTS.approvalBy, { name: adminName(a.admin_name, a.admin_user_id), when: formatDateTime(a.approved_on) })).join('; ');
  return fillText(ADMIN_TEXTS.approvalsGivenBy, { given: approvals.length, needed, approvals: list });
}

/** Who works on the application, and the four-eyes state: the approvals given and how many it needs. */
function QueueSection({ review, me, onAct }: { review: Review; me: number | undefined; onAct: (action: 'claim' | 'release' | 'reassign') => void }) {
  const { signup, approvals, approvals_needed: needed } = review;
  const open = UNDECIDED_SIGNUP_STATUSES.includes(signup.status as SignupStatus);
  const mine = signup.assignee_user_id !== null && signup.assignee_user_id === me;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={ADMIN_TEXTS.assignmentAndApprovals}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, flex: 1 }}>
          <DetailField label={ADMIN_TEXTS.columnAssignee}>{assigneeWords(signup, mine)}</DetailField>
          <DetailField label={ADMIN_TEXTS.approvalsLabel}>{approvalWords(approvals, needed)}</DetailField>
        </Box>
        {open && (
          <Stack direction="row" spacing={1}>
            {signup.assignee_user_id === null && (
              <Button variant="outlined" onClick={() => onAct('claim')}>
                {ADMIN_TEXTS.claim}
              </Button>
            )}
            {mine && (
              <Button variant="outlined" onClick={() => onAct('release')}>
                {ADMIN_TEXTS.release}
              </Button>
            )}
            <Button variant="text" onClick={() => onAct('reassign')}>
              {ADMIN_TEXTS.reassign}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/signup-approvals/{id}: every submitted step read-only, the documents, the decision buttons, the audit trail. */
export default function SignupReviewPage() {
  usePageTitle(ADMIN_TEXTS.reviewApplication);
  const { id } = useParams();
  const { data, error, reload: load } = useServerData(() => fetchSignup(id!), [id]);
  const me = useSession().user?.id;
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const { ask, dialogs } = useSignupActions((result) => {
    setFeedback(result);
    void load();
  });

  const back = <BackButton to="/admin/signup-approvals" label={ADMIN_TEXTS.backToSignupApprovals} />;
  if (error && !data) {
    return <LoadFailure back={back}>{fillText(ADMIN_TEXTS.signupsNotLoaded, { error })}</LoadFailure>;
  }
  if (!data) return <PageLoader />;

  const { signup, steps, files, audit, claim, consents, approvals, flag_labels: flagLabels, change_request: changeRequest } = data as Review & { audit: AuditEntry[] };
  const name = [signup.first_name, signup.middle_name, signup.last_name].filter(Boolean).join(' ');
  const target = { id: signup.id, name, comments: signup.comments, status: signup.status, flagged: signup.risk_flags.length > 0, assigneeUserId: signup.assignee_user_id, steps: steps.map((s) => ({ step: s.step, title: s.title })) };
  const pending = UNDECIDED_SIGNUP_STATUSES.includes(signup.status as SignupStatus);
  const second = signup.status === 'awaiting_second_approval';
  const approvedByMe = approvals.some((a) => a.admin_user_id === me);
  const filesOf = (step: string) => files.filter((f) => f.step === step);
  const titleOf = (step: string) => steps.find((s) => s.step === step)?.title ?? step;
  const asked = changeRequest && { requested: formatDateTime(changeRequest.requested_on), steps: changeRequest.steps.map(titleOf).join(', '), message: changeRequest.message };
  const stepsWithFiles = new Set(steps.map((s) => s.step));
  const orphanFiles = files.filter((f) => !stepsWithFiles.has(f.step));

  return (
    <Stack spacing={3}>
      {back}
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {fillText(ADMIN_TEXTS.applicationNumber, { id: signup.id })}
          </Typography>
          <Typography variant="h2" component="h1">
            {name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <SignupStatusChip status={signup.status} />
            <Chip size="small" variant="outlined" label={signup.is_existing_customer ? ADMIN_TEXTS.existingCustomer : ADMIN_TEXTS.newCustomer} />
            {/* Said once: a risk flag of the same words (review.json's "Minor") already says it. */}
            {signup.is_minor && !signup.risk_flags.some((flag) => (flagLabels?.[flag] ?? flag) === ADMIN_TEXTS.minor) && <Chip size="small" variant="outlined" label={ADMIN_TEXTS.minor} />}
          </Stack>
          {signup.risk_flags.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <RiskFlagChips flags={signup.risk_flags} labels={flagLabels} />
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} disabled={!pending || approvedByMe} onClick={() => ask('approve', target)}>
            {second ? ADMIN_TEXTS.giveSecondApproval : ADMIN_TEXTS.approve}
          </Button>
          <Button variant="outlined" color="error" startIcon={<CancelIcon />} disabled={!pending} onClick={() => ask('reject', target)}>
            {ADMIN_TEXTS.reject}
          </Button>
          <Button variant="outlined" startIcon={<EditNoteIcon />} disabled={!pending} onClick={() => ask('changes', target)}>
            {ADMIN_TEXTS.requestChanges}
          </Button>
          <Button variant="outlined" color="secondary" startIcon={<ForwardIcon />} disabled={!pending || signup.status === 'referred'} onClick={() => ask('refer', target)}>
            {ADMIN_TEXTS.refer}
          </Button>
          <Button variant="outlined" startIcon={<CommentIcon />} onClick={() => ask('comment', target)}>
            {ADMIN_TEXTS.addComment}
          </Button>
        </Stack>
      </Stack>

      {second && (
        <Alert severity="info">
          {approvedByMe
            ? ADMIN_TEXTS.firstApprovalByYou
            : fillText(ADMIN_TEXTS.firstApprovalBy, { names: approvals.map((a) => adminName(a.admin_name, a.admin_user_id)).join(', ') })}
        </Alert>
      )}
      {changeRequest && (
        <Alert severity={changeRequest.resubmitted_on ? 'info' : 'warning'}>
          {changeRequest.resubmitted_on
            ? fillText(ADMIN_TEXTS.changesResent, { ...asked!, resent: formatDateTime(changeRequest.resubmitted_on) })
            : fillText(ADMIN_TEXTS.waitingForApplicant, asked!)}
        </Alert>
      )}
      <QueueSection review={data} me={me} onAct={(action) => ask(action, target)} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={ADMIN_TEXTS.applicationSummary}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          <DetailField label={ADMIN_TEXTS.emailLabel}>{signup.email}</DetailField>
          <DetailField label={ADMIN_TEXTS.mobileLabel}>{signup.mobile}</DetailField>
          <DetailField label={ADMIN_TEXTS.dobLabel}>{formatDate(signup.dob)}</DetailField>
          <DetailField label={ADMIN_TEXTS.columnRegistered}>{formatDateTime(signup.created_on)}</DetailField>
          <DetailField label={ADMIN_TEXTS.submittedLabel}>{signup.submitted_on ? formatDateTime(signup.submitted_on) : ADMIN_TEXTS.notSubmitted}</DetailField>
          <DetailField label={ADMIN_TEXTS.decidedLabel}>{signup.decided_on ? formatDateTime(signup.decided_on) : ADMIN_TEXTS.notYet}</DetailField>
          <DetailField label={ADMIN_TEXTS.columnComments}>{signup.comments || ADMIN_TEXTS.noComments}</DetailField>
        </Box>
      </Paper>

      {claim && <ClaimComparison claim={claim} />}
      {steps.map((step) => (
        <StepSection key={step.step} step={step} files={filesOf(step.step)} signupId={signup.id} onDownloadError={(m) => setFeedback({ severity: 'error', title: ADMIN_TEXTS.downloadFailed, detail: m })} />
      ))}
      {orphanFiles.length > 0 && (
        <StepSection step={{ step: 'other-documents', title: ADMIN_TEXTS.otherDocuments, form: null, data: {}, updated_on: '' }} files={orphanFiles} signupId={signup.id} onDownloadError={(m) => setFeedback({ severity: 'error', title: ADMIN_TEXTS.downloadFailed, detail: m })} />
      )}
      <ConsentsSection consents={consents} />
      <AuditTrail entries={audit} fieldLabels={Object.fromEntries(steps.map((s) => [s.step, s.title]))} />
      {dialogs}
    </Stack>
  );
}
