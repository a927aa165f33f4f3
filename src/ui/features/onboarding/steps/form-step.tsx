import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import type { StepRef } from '../../../../shared/flow/flow-types';
import { factsWithStepData } from '../../../../shared/facts/declared-facts';
import { withAllowedOptions } from '../../../../shared/forms/option-rules';
import { deriveFormData } from '../../../../shared/transforms/form-rules';
import { stepPayload } from '../../../../shared/transforms/step-payload';
import { fillText } from '../../../../shared/fill-text';
import { FILE_WIDGETS, PASSWORD_WIDGETS, fieldsDrawnBy } from '../../../../shared/forms/widget-fields';
import { rememberedValues } from '../../../../engine/navigation';
import { translateApiError } from '../../../lib/translate-api-error';
import { api } from '../../../lib/api-client';
import { SchemaForm } from '../../../forms/schema-form';
import { loadForm, type LoadedForm } from '../../../forms/load-form';
import { stepSubmitText } from '../../../forms/submit-text';
import { FileStore, type UploadProgress } from '../../../forms/file-store';
import { isChecklistComplete } from '../../../forms/widgets/document-checklist-widget';
import { drafts, onboardingFlow, sentAnswersFromServer, stepNotices } from '../flow-actor';
import { applicantCall, perFileProgress, toMultipart } from '../build-request';
import { isSkipOffered, OptionalStepNotice, SkipButton } from '../skip-step';
import type { StepPreview } from '.';
import { PAGE_TEXTS } from '../../../../shared/page-texts';

type Data = Record<string, unknown>;

/**
 * Fields never kept in the tab: passwords; and files, whose contents a reload loses (a name kept without its file
 * would list a file that is not there, and the step would be sent without it).
 */
const unkeptFields = (form: LoadedForm | null) => fieldsDrawnBy(form?.uiSchema ?? {}, [...PASSWORD_WIDGETS, ...FILE_WIDGETS]);

/**
 * A form or checklist step: the step's form from forms/, its draft kept in the tab, submitted to the endpoint the
 * flow names (`submit`), or only remembered when it names none.
 */
export function FormStep({ step, applicant, today, onDone, preview, sent = false }: { step: StepRef; applicant: Data; today: string; onDone: (remember: Data, skipped?: boolean) => void; preview?: StepPreview; sent?: boolean }) {
  const [form, setForm] = useState<LoadedForm | null>(null);
  const [data, setData] = useState<Data>(() => (preview ? {} : (drafts.load(step.id) ?? (step.keepValues ? drafts.loadKept(step.keepValues) : undefined) ?? {})));
  // A sent step this tab holds no answers for (the application went on in another tab): the server's, before the form.
  const [answersRead, setAnswersRead] = useState(() => Boolean(preview) || drafts.load(step.id) !== undefined);
  // The documents the server holds for this step, when it holds the step as sent (a skipped step is done, not sent).
  const [heldFiles, setHeldFiles] = useState(() => (sent ? drafts.sentFiles(step.id) : undefined));
  useEffect(() => {
    if (answersRead) return undefined;
    let live = true;
    void sentAnswersFromServer(step.id).then((found) => {
      if (!live) return;
      if (found) setData(drafts.load(step.id)!);
      if (sent) setHeldFiles(drafts.sentFiles(step.id));
      setAnswersRead(true);
    });
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [dirty, setDirty] = useState(false);
  // Only the applicant's own input makes the step dirty (typing, a click, a paste or the browser's autofill), not the
  // form filling in its defaults when it mounts: a page nobody touched never asks 'Leave this step?'.
  const touched = useRef(false);
  const touch = () => {
    touched.current = true;
  };
  const [busy, setBusy] = useState(false);
  // A step reopened after a resume (a question added, an answer that no longer fits) or new since the applicant started.
  const [notice] = useState(() => (preview ? undefined : stepNotices.load(step.id)));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(notice?.fields ?? {});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress>({});
  const files = useMemo(() => new FileStore(), []);
  const leaving = useRef(false);
  // The facts as they will be once this step's data is sent (basic info's date of birth decides isMinor).
  const factsWith = (values: Data) => factsWithStepData(onboardingFlow, step.form!, applicant, values, today);
  const facts = useMemo(() => factsWith(data), [applicant, today, data]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    // The form's first render in a transition: React renders it in slices between which the phone can paint and
    // answer, instead of one long task.
    loadForm(step.form!).then((loaded) => startTransition(() => setForm(loaded)), (e: Error) => setGeneralError(e.message));
  }, [step.form]);

  // Leaving a changed form asks first (spec 4: the guardian form; DESIGN: every form).
  const guard = (step.confirmLeave ?? true) && !preview;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard && dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!guard || !dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard, dirty]);

  const derive = (next: Data, previous?: Data) => {
    // The form's x-transform and the read-only fields its branches pin, as the server derives them.
    const derived = form ? deriveFormData(form.schema, next, { today, previous, facts: factsWith(next) }) : next;
    // `optionsWhen`: a value the new facts no longer allow becomes the rule's default or goes (forms/README.md).
    return form ? withAllowedOptions(form.schema, derived, factsWith(derived)) : derived;
  };

  /** The names of the documents the form's file fields hold. */
  const fileNames = (values: Data) => fieldsDrawnBy(form?.uiSchema ?? {}, FILE_WIDGETS).flatMap((field) => (Array.isArray(values[field]) ? (values[field] as unknown[]).map(String) : []));
  // Documents attached before the page reloaded: the tab kept their names, not the files.
  const [lostFiles, setLostFiles] = useState(() => (preview ? [] : drafts.attachedFiles(step.id)));
  const change = (next: Data) => {
    const derived = derive(next, data);
    setData(derived);
    if (touched.current) setDirty(true);
    if (!preview) {
      drafts.save(step.id, derived, unkeptFields(form));
      const attached = fileNames(derived);
      drafts.markAttached(step.id, attached);
      if (attached.length) setLostFiles((lost) => lost.filter((name) => !attached.includes(name)));
    }
  };

  /** The body of the step's one call, as it is sent: the flow's named transform, the signup id when the step wants it. */
  const callFor = (valid: Data) => {
    return applicantCall(step, applicant, stepPayload(step.submit?.transform, form ?? undefined, valid, { today, facts: factsWith(valid) }));
  };

  const submit = async (valid: Data) => {
    if (preview) {
      preview.onBody(step.submit ? callFor(valid).body : valid, valid);
      return;
    }
    if (!step.submit) {
      leaving.current = true;
      drafts.save(step.id, valid, unkeptFields(form));
      onDone(rememberedValues(step.remember, valid, {}));
      return;
    }
    setBusy(true);
    setServerErrors({});
    setGeneralError(null);
    try {
      // One step, one call (the server stores a step all-or-nothing and checks cross-record rules in it).
      const { body, headers } = callFor(valid);
      const multipart = step.submit.encoding === 'multipart';
      const { data: response } = await api.request({
        method: step.submit.method,
        url: step.submit.endpoint,
        data: multipart ? toMultipart(body, files) : body,
        headers,
        onUploadProgress: multipart ? (e) => setProgress(perFileProgress(body, files, e.loaded)) : undefined,
      });
      leaving.current = true;
      // What was sent fills the form again if the applicant comes back to this step (Back, the browser's back).
      drafts.save(step.id, valid, unkeptFields(form));
      drafts.markSent(step.id, fileNames(valid));
      drafts.markAttached(step.id, []);
      stepNotices.clear(step.id);
      if (step.keepValues) drafts.keep(step.keepValues, valid, unkeptFields(form));
      onDone(rememberedValues(step.remember, valid, response));
    } catch (error) {
      const translated = translateApiError(error);
      setServerErrors(translated.fieldErrors);
      setGeneralError(translated.message);
      setProgress({});
    } finally {
      setBusy(false);
    }
  };

  const checklistComplete =
    step.kind !== 'checklist' || !form || (form.validator.validateFormData(data, form.schema).errors.length === 0 && isChecklistComplete(form.schema, form.uiSchema['ui:options'], data));
  const texts = step.texts ?? {};
  const skip = () => {
    leaving.current = true;
    // Clears the step's "sent" mark too: a skipped step holds nothing on the server.
    if (!preview) drafts.clear(step.id);
    onDone({}, true);
  };
  const skipOffered = isSkipOffered(step, data);
  // Back to a sent step with documents: the tab no longer holds the files (a reload, or a resume on another device,
  // loses them), the server does. The step says so, and Next goes on as it was sent without asking for them again,
  // unless the applicant changes it, or a resume reopened the step (it must be sent again: its notice says why).
  const reopened = Boolean(notice?.reason || notice?.fields);
  const sentTexts = heldFiles?.length && !preview && !reopened && fieldsDrawnBy(form?.uiSchema ?? {}, FILE_WIDGETS).length > 0 ? onboardingFlow.resume?.texts : undefined;
  const asSent = Boolean(sentTexts) && !dirty;
  const keepSent = () => {
    leaving.current = true;
    onDone(rememberedValues(step.remember, data, {}));
  };
  const submitLabel = step.kind === 'checklist' && !checklistComplete ? texts.incomplete : stepSubmitText(step, form);

  return (
    <>
      {skipOffered && step.skipPlacement === 'both' && <OptionalStepNotice step={step} onSkip={skip} disabled={busy} />}
      {/* A form step's text from the flow file (the PEP definition, the membership declaration). */}
      {step.content?.paragraphs?.map((p) => (
        <Typography key={p} sx={{ mb: 2 }}>
          {p}
        </Typography>
      ))}
      {notice?.reason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notice.reason}
        </Alert>
      )}
      {sentTexts && (
        <Alert severity="info" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {dirty ? sentTexts.sentFilesChanged : fillText(sentTexts.sentFiles, { files: heldFiles!.join(', ') })}
          {/* Under the text, not beside it: on a phone a button at the side squeezed the text to a few words a line. */}
          {!dirty && (
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" color="inherit" size="small" onClick={keepSent} disabled={busy}>
                {sentTexts.keepSent}
              </Button>
            </Box>
          )}
        </Alert>
      )}
      {lostFiles.length > 0 && !sentTexts && onboardingFlow.resume && (
        <Alert severity="warning" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {fillText(onboardingFlow.resume.texts.filesLost, { files: lostFiles.join(', ') })}
        </Alert>
      )}
      {notice?.files && notice.files.length > 0 && !sentTexts && onboardingFlow.resume && (
        <Alert severity="info" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {fillText(onboardingFlow.resume.texts.heldFiles, { files: notice.files.join(', ') })}
        </Alert>
      )}
      {!form && generalError && <Alert severity="error">{generalError}</Alert>}
      {(!form || !answersRead) && !generalError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={PAGE_TEXTS.loadingForm} />
        </Box>
      )}
      {form && answersRead && (
        <Box
          onKeyDownCapture={touch}
          onPointerDownCapture={touch}
          onInputCapture={touch}
          // An unchanged sent step goes on as it was sent (Next or Enter): its documents are the server's, not the form's.
          onSubmitCapture={(event) => {
            if (!asSent) return;
            event.preventDefault();
            event.stopPropagation();
            keepSent();
          }}
        >
        <SchemaForm form={form} hideTitle formData={data} onChange={change} onSubmit={submit} serverErrors={serverErrors} generalError={generalError} disabled={busy} fileStore={files} uploadProgress={progress} facts={facts} validateOn={preview ? 'change' : undefined}>
          {step.kind === 'checklist' && !checklistComplete && texts.warning && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {texts.warning}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy || !checklistComplete} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={texts.sending} /> : undefined}>
              {submitLabel}
            </Button>
            {skipOffered && <SkipButton step={step} onSkip={skip} disabled={busy} />}
            {/* While the step is sent the form is greyed out: on a slow network nothing else said the page was working
                (only an upload step's files show their progress). Always present, so a screen reader hears it fill. */}
            <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
              {busy ? texts.sending : ''}
            </Typography>
          </Stack>
        </SchemaForm>
        </Box>
      )}
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
        <DialogTitle id="leave-title">{texts.leaveTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{texts.leaveBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>{texts.stay}</Button>
          <Button color="warning" onClick={() => blocker.proceed?.()}>
            {texts.leave}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
