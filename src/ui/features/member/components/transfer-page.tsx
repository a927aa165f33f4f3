import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { SchemaForm } from '../../../forms/schema-form';
import { loadForm, type LoadedForm } from '../../../forms/load-form';
import { submitTextOf } from '../../../forms/submit-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { translateApiError } from '../../../lib/translate-api-error';
import { postTransfer, requestTransferCode } from '../api/accounts-api';
import { TransferCodeDialog } from './transfer-code-dialog';
import { useKeptDraft } from '../../auth/use-kept-draft';
import { dollarsToCents } from '../../../../shared/money';
import { TRANSFER_TEXTS, insufficientFundsMessage } from '../../../../shared/transfer-texts';
import { newIdempotencyKey, normaliseAmount, transferSummary, withRuntimeOptions, type RuntimeOptions } from '../transfer-form';

/** The transfer's details, title and value a row each. */
function TransferDetails({ rows }: { rows: Array<{ label: string; text: string }> }) {
  if (!rows.length) return null;
  return (
    <Box component="dl" sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
      {rows.map(({ label, text }) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          {/* A long label wraps between its words; an account number or an amount is never cut in two. */}
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'break-word' }}>
            {text}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/** Spec 2 section 9: the success dialog returns to the dashboard after 2.5 s. */
export const RETURN_TO_DASHBOARD_MS = 2500;

export interface TransferPageProps<O, D extends Record<string, unknown>> {
  kind: 'self' | 'member';
  formId: string;
  title: string;
  intro: string;
  loadOptions: () => Promise<O>;
  /** The runtime enums for the form's selects, from the options and what is chosen so far. */
  selectOptions: (options: O, data: Partial<D>) => Record<string, RuntimeOptions>;
  /** Fills fields derived from a choice (the account number of a chosen account id). */
  derive: (options: O, data: Partial<D>) => Partial<D>;
  /**
   * Why this member cannot make this transfer at all, or null: the name of the form's own message (its UI schema's
   * root `ui:options`, e.g. `noSourceAccount`, `needsSecondAccount`).
   */
  unavailable?: (options: O) => string | null;
  /** The chosen source account's available balance in cents, to refuse an amount over it before the confirm dialog. */
  availableCents?: (options: O, data: Partial<D>) => number | undefined;
}

/**
 * A transfer sent and not yet answered, kept in the tab: a reload before the answer came finds it, says the transfer
 * may have gone through, and sends the same details again under the same key (the server answers a key's transfer
 * again instead of making it twice).
 */
const inFlight = {
  storageKey: (kind: string) => `cu.transfer.in-flight.${kind}`,
  read(kind: string): { body: string; key: string } | null {
    try {
      const raw = sessionStorage.getItem(inFlight.storageKey(kind));
      return raw ? (JSON.parse(raw) as { body: string; key: string }) : null;
    } catch {
      return null;
    }
  },
  keep(kind: string, sent: { body: string; key: string } | null) {
    if (sent) sessionStorage.setItem(inFlight.storageKey(kind), JSON.stringify(sent));
  },
  forget(kind: string) {
    sessionStorage.removeItem(inFlight.storageKey(kind));
  },
};

/**
 * A transfer screen: the form, 'Transfer Now', the confirm dialog, the success dialog with the reference number.
 * A transfer to another member has a code step between the confirm and the success dialogs: Complete asks the
 * server for a code (it checks the transfer and its limits first), and the code confirms exactly that transfer.
 */
export function TransferPage<O, D extends Record<string, unknown>>({ kind, formId, title, intro, loadOptions, selectOptions, derive, unavailable, availableCents }: TransferPageProps<O, D>) {
  usePageTitle(title);
  const navigate = useNavigate();
  const [baseForm, setBaseForm] = useState<LoadedForm | null>(null);
  const [options, setOptions] = useState<O | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // What the member typed survives the end of the session: after signing in again they return here and find it.
  const draft = useKeptDraft(`transfer-${kind}`, baseForm);
  const [formData, setFormData] = useState<Partial<D>>(() => (draft.initial ?? {}) as Partial<D>);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Transfer to member: the masked mobile the code went to, while the code dialog is open.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  // The server's answer waits here until the confirm dialog has fully faded out; only then does the
  // success dialog open (referenceNo), so the two never show at once.
  const [completedReference, setCompletedReference] = useState<string | null>(null);
  const [referenceNo, setReferenceNo] = useState<string | null>(null);
  // What was moved, for the success dialog (kept when the confirmed details are cleared).
  const [moved, setMoved] = useState<Array<{ label: string; text: string }>>([]);
  const done = completedReference !== null;
  // One key per confirmed transfer; a retry of the same details reuses it, so money never moves twice. A transfer sent
  // and not yet answered when the page reloaded keeps its key (inFlight): the same details sent again are its retry.
  const keyFor = useRef<{ body: string; key: string } | null>(inFlight.read(kind));
  const [interrupted, setInterrupted] = useState(() => keyFor.current !== null);

  useEffect(() => {
    let live = true;
    Promise.all([loadForm(formId), loadOptions()]).then(
      ([form, opts]) => {
        if (!live) return;
        setBaseForm(form);
        setOptions(opts);
      },
      (err) => live && setLoadError(translateApiError(err).message),
    );
    return () => {
      live = false;
    };
  }, [formId, loadOptions]);

  const form = useMemo(() => (baseForm && options ? withRuntimeOptions(baseForm, selectOptions(options, formData)) : null), [baseForm, options, formData, selectOptions]);
  // The form's message for a transfer this member cannot make (forms/member/*.ui.json), or null.
  const reason = options ? unavailable?.(options) : null;
  // A message the page reads by name from its form's "ui:options" (PAGE_MESSAGES in route-form-fields.ts).
  const pageMessage = (name: string) => (baseForm?.uiSchema['ui:options'] as Record<string, unknown> | undefined)?.[name];
  const cannot = reason ? String(pageMessage(reason) ?? reason) : null;
  const summary = useMemo(() => (pending && form ? transferSummary(form, pending) : []), [pending, form]);
  const receipt = useMemo(() => (pending && form ? transferSummary(form, pending, { receipt: true }) : []), [pending, form]);

  // The dashboard keeps the reference in sight until closed: the dialog leaves after 2.5 s (spec 2), too soon to read
  // or copy for some (WCAG 2.2.1).
  const toDashboardWithReceipt = useCallback(() => navigate('/users/dashboard', { state: { completedTransfer: referenceNo } }), [navigate, referenceNo]);
  useEffect(() => {
    if (!referenceNo) return undefined;
    const timer = setTimeout(toDashboardWithReceipt, RETURN_TO_DASHBOARD_MS);
    return () => clearTimeout(timer);
  }, [referenceNo, toDashboardWithReceipt]);

  function onChange(data: Partial<D>) {
    const next = { ...data, ...(options ? derive(options, data) : {}) };
    // A refusal's message was about the transfer as it was sent: once the member changes it, the message goes.
    if (error && JSON.stringify(next) !== JSON.stringify(formData)) setError(null);
    setFormData(next);
    draft.keep(next);
  }

  function onSubmit(data: Partial<D>) {
    const body = normaliseAmount({ ...data, ...(options ? derive(options, data) : {}) }) as Record<string, unknown>;
    if (typeof body.instructions === 'string' && !body.instructions.trim()) delete body.instructions;
    // More than the account holds: said under the amount now, as the server would after Complete.
    const cents = dollarsToCents(body.amount);
    const available = options ? availableCents?.(options, body as Partial<D>) : undefined;
    if (cents !== null && available !== undefined && cents > available) {
      const message = insufficientFundsMessage(available);
      setError({ message, fields: { amount: message } });
      return;
    }
    setError(null);
    setPending(body);
  }

  /** The idempotency key of the transfer being confirmed: the same details keep their key (and their code). */
  function keyOf(body: Record<string, unknown>): string {
    const text = JSON.stringify(body);
    if (keyFor.current?.body !== text) keyFor.current = { body: text, key: newIdempotencyKey() };
    return keyFor.current.key;
  }

  /** A refusal goes back to the form: the dialogs close and the message shows above (and under) the fields. */
  function refused(err: unknown) {
    const translated = translateApiError(err);
    setPending(null);
    setCodeSentTo(null);
    setError({ message: translated.message, fields: translated.fieldErrors });
  }

  async function complete() {
    if (!pending) return;
    const key = keyOf(pending);
    setSubmitting(true);
    try {
      if (kind === 'member') {
        const sent = await requestTransferCode(pending, key);
        setCodeError(undefined);
        setCodeSentTo(sent.phone);
      } else {
        inFlight.keep(kind, keyFor.current);
        const answer = await postTransfer(kind, pending, key);
        inFlight.forget(kind);
        setInterrupted(false);
        setMoved(receipt);
        draft.forget();
        setCompletedReference(answer.data.ReferenceNo);
        setPending(null);
      }
    } catch (err) {
      settled(err);
      refused(err);
    } finally {
      setSubmitting(false);
    }
  }

  /** A refusal is an answer: the transfer was not made, and nothing is in flight. No answer at all (the network) is not. */
  function settled(err: unknown) {
    if (translateApiError(err).status !== null) inFlight.forget(kind);
  }

  async function confirmWithCode(code: string) {
    if (!pending) return;
    // Each refusal is new, even in the same words: the dialog empties its boxes for the next try (a second "wrong
    // code" kept the old digits, and typing over them sent a mix of the two codes).
    setCodeError(undefined);
    setSubmitting(true);
    try {
      const key = keyOf(pending);
      inFlight.keep(kind, keyFor.current);
      const answer = await postTransfer(kind, { ...pending, code }, key);
      inFlight.forget(kind);
      setInterrupted(false);
      setMoved(receipt);
      draft.forget();
      setCompletedReference(answer.data.ReferenceNo);
      setCodeSentTo(null);
      setPending(null);
    } catch (err) {
      settled(err);
      const translated = translateApiError(err);
      // A message about the code stays in the dialog, under the boxes; any other refusal goes back to the form.
      if (translated.fieldErrors.code) setCodeError(translated.fieldErrors.code);
      else refused(err);
    } finally {
      setSubmitting(false);
    }
  }

  /** A new code for the same transfer (same key); a refusal shows under the boxes and the countdown does not restart. */
  async function resendCode() {
    if (!pending) return;
    try {
      const sent = await requestTransferCode(pending, keyOf(pending));
      setCodeError(undefined);
      setCodeSentTo(sent.phone);
    } catch (err) {
      setCodeError(translateApiError(err).message);
      throw err;
    }
  }

  const showSuccess = () => completedReference && setReferenceNo(completedReference);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Typography variant="h1">{title}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{intro}</Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          {loadError && (
            <Alert severity="error" role="alert">
              {loadError}
            </Alert>
          )}
          {!loadError && !form && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={TRANSFER_TEXTS.loadingAccounts} />
            </Box>
          )}
          {/* A form that cannot be completed (one account, and the destination list empty) says why instead. */}
          {form && cannot && (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="info">{cannot}</Alert>
              <Button variant="text" onClick={() => navigate('/users/dashboard')}>
                {TRANSFER_TEXTS.backToDashboard}
              </Button>
            </Stack>
          )}
          {form && !cannot && interrupted && !done && (
            <Alert severity="warning" sx={{ mb: 3 }}>
              {String(pageMessage('interruptedTransfer') ?? '')}
            </Alert>
          )}
          {form && !cannot && (
            <SchemaForm<Partial<D>>
              form={form}
              formData={formData}
              onChange={onChange}
              onSubmit={onSubmit}
              serverErrors={error?.fields}
              generalError={error?.message}
              disabled={submitting || done}
            >
              {/* Each button on one line; on a narrow phone the second goes under the first rather than both wrapping. */}
              <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                <Button type="submit" variant="contained" size="large" disabled={submitting || done}>
                  {submitTextOf(form)}
                </Button>
                <Button variant="text" onClick={() => navigate('/users/dashboard')}>
                  {TRANSFER_TEXTS.backToDashboard}
                </Button>
              </Box>
            </SchemaForm>
          )}
        </CardContent>
      </Card>

      <Dialog
        open={!!pending && codeSentTo === null}
        // Escape cancels; a click beside the dialog does not (the second click of a double click on Transfer Now landed there).
        onClose={(_event, reason) => reason !== 'backdropClick' && !submitting && setPending(null)}
        aria-labelledby="confirm-transfer-title"
        maxWidth="xs"
        fullWidth
        slotProps={{ transition: { onExited: showSuccess } }}
      >
        <DialogTitle id="confirm-transfer-title">{TRANSFER_TEXTS.confirmTitle}</DialogTitle>
        <DialogContent>
          {/* Spec 2 writes 'Are you sure you to want complete this transfer?': the typo is fixed in the message file. */}
          <DialogContentText>{TRANSFER_TEXTS.confirmQuestion}</DialogContentText>
          <TransferDetails rows={summary} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} disabled={submitting}>
            {TRANSFER_TEXTS.cancel}
          </Button>
          {/* The dialog opens on its answer, so Enter completes the transfer the member just reviewed. */}
          <Button onClick={complete} variant="contained" disabled={submitting} autoFocus startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            {TRANSFER_TEXTS.complete}
          </Button>
        </DialogActions>
      </Dialog>

      <TransferCodeDialog
        open={!!pending && codeSentTo !== null}
        phone={codeSentTo ?? ''}
        error={codeError}
        submitting={submitting}
        onSubmit={(code) => void confirmWithCode(code)}
        onResend={resendCode}
        onCancel={() => {
          setCodeSentTo(null);
          setPending(null);
        }}
        onExited={showSuccess}
      />

      <Dialog open={!!referenceNo} aria-labelledby="transfer-success-title" aria-describedby="transfer-success-text" maxWidth="xs" fullWidth>
        <DialogTitle id="transfer-success-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" aria-hidden />
          {TRANSFER_TEXTS.successTitle}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="transfer-success-text" role="status" aria-live="polite">
            {TRANSFER_TEXTS.referenceNumber} <strong data-testid="reference-no">{referenceNo}</strong>
          </DialogContentText>
          <TransferDetails rows={moved} />
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {TRANSFER_TEXTS.returningToDashboard}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={toDashboardWithReceipt}>{TRANSFER_TEXTS.goToDashboard}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
