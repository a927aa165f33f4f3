import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, TextField } from '@mui/material';
import { fetchAssignees } from '../api/signups-api';
import { REQUEST_CHANGES_MAX } from '../../../../shared/messages';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillNodes } from '../../../components/fill-nodes';

const MAX = 500;

/**
 * A decision with an optional reason kept in the audit trail: Refer (to a senior officer or compliance) and Reject
 * (the credit union's own record; the applicant's email does not carry it).
 */
export function ReasonDialog({ open, title, confirmText, confirmColor, busy, onSubmit, onClose, children, initial = '', onDraft }: { open: boolean; title: string; confirmText: string; confirmColor: 'secondary' | 'error'; busy: boolean; onSubmit: (reason: string) => void; onClose: () => void; children: ReactNode; initial?: string; onDraft?: (reason: string) => void }) {
  const [reason, setReason] = useState(initial);
  useEffect(() => {
    if (open) setReason(initial);
  }, [open, initial]);
  const change = (text: string) => {
    setReason(text);
    onDraft?.(text);
  };
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{children}</DialogContentText>
        {/* The keyboard opens on what the dialog asks for (the dialog's frame held it: a Tab more before typing). */}
        <TextField autoFocus label={ADMIN_TEXTS.reasonOptional} value={reason} onChange={(e) => change(e.target.value.slice(0, MAX))} multiline minRows={3} helperText={`${reason.length}/${MAX}`} slotProps={{ htmlInput: { maxLength: MAX } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {ADMIN_TEXTS.cancel}
        </Button>
        <Button variant="contained" color={confirmColor} disabled={busy} onClick={() => onSubmit(reason.trim())} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Hand an application to another administrator (the list of administrators comes from the server). */
export function ReassignDialog({ open, name, current, busy, onSubmit, onClose }: { open: boolean; name: string; current: number | null; busy: boolean; onSubmit: (userId: string) => void; onClose: () => void }) {
  const [admins, setAdmins] = useState<Array<{ id: number; name: string }> | null>(null);
  const [chosen, setChosen] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChosen('');
    setFailed(false);
    fetchAssignees()
      .then((r) => setAdmins(r.administrators))
      .catch(() => setFailed(true));
  }, [open]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="reassign-dialog-title" slotProps={{ paper: { sx: { maxWidth: 480 } } }}>
      <DialogTitle id="reassign-dialog-title">{ADMIN_TEXTS.reassignTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {fillNodes(ADMIN_TEXTS.reassignBody, { name: <strong>{name}</strong> })}
        </DialogContentText>
        <TextField select label={ADMIN_TEXTS.administrator} value={chosen} onChange={(e) => setChosen(e.target.value)} error={failed} helperText={failed ? ADMIN_TEXTS.administratorsNotLoaded : undefined} fullWidth>
          {(admins ?? [])
            .filter((a) => a.id !== current)
            .map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.name}
              </MenuItem>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {ADMIN_TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={busy || !chosen} onClick={() => onSubmit(chosen)} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {ADMIN_TEXTS.reassign}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const CHANGES_MAX = REQUEST_CHANGES_MAX;

/** What the Request Changes dialog holds: the steps ticked and the message. */
export interface ChangesDraft {
  steps: string[];
  message: string;
}

const NO_CHANGES: ChangesDraft = { steps: [], message: '' };

/** Send an application back to the applicant: the steps to change and what to change (the applicant is told by email). */
export function RequestChangesDialog({ open, name, steps, busy, onSubmit, onClose, initial = NO_CHANGES, onDraft }: { open: boolean; name: string; steps: Array<{ step: string; title: string }>; busy: boolean; onSubmit: (steps: string[], message: string) => void; onClose: () => void; initial?: ChangesDraft; onDraft?: (draft: ChangesDraft) => void }) {
  const [chosen, setChosenState] = useState<string[]>(initial.steps);
  const [message, setMessageState] = useState(initial.message);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChosenState(initial.steps);
    setMessageState(initial.message);
    setTried(false);
  }, [open, initial]);
  const setChosen = (change: (current: string[]) => string[]) => {
    const next = change(chosen);
    setChosenState(next);
    onDraft?.({ steps: next, message });
  };
  const setMessage = (text: string) => {
    setMessageState(text);
    onDraft?.({ steps: chosen, message: text });
  };
  const noSteps = chosen.length === 0;
  const noMessage = message.trim() === '';
  const submit = () => {
    setTried(true);
    if (!noSteps && !noMessage) onSubmit(chosen, message.trim());
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="changes-dialog-title">
      <DialogTitle id="changes-dialog-title">{ADMIN_TEXTS.requestChanges}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {fillNodes(ADMIN_TEXTS.requestChangesBody, { name: <strong>{name}</strong> })}
        </DialogContentText>
        <FormControl component="fieldset" error={tried && noSteps} sx={{ mb: 2 }}>
          <FormLabel component="legend">{ADMIN_TEXTS.stepsToChange}</FormLabel>
          <FormGroup>
            {steps.map((s, i) => (
              <FormControlLabel
                key={s.step}
                // The keyboard opens on the first step to choose, as the reason dialogs open on their field.
                control={<Checkbox autoFocus={i === 0} checked={chosen.includes(s.step)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.step] : c.filter((x) => x !== s.step)))} />}
                label={s.title}
              />
            ))}
          </FormGroup>
          {tried && noSteps && <FormHelperText>{ADMIN_TEXTS.noSteps}</FormHelperText>}
        </FormControl>
        <TextField
          label={ADMIN_TEXTS.messageToApplicant}
          required
          fullWidth
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, CHANGES_MAX))}
          multiline
          minRows={3}
          error={tried && noMessage}
          helperText={tried && noMessage ? ADMIN_TEXTS.noMessage : `${message.length}/${CHANGES_MAX}`}
          slotProps={{ htmlInput: { maxLength: CHANGES_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {ADMIN_TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={busy} onClick={submit} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {ADMIN_TEXTS.sendBackToApplicant}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
