import { useEffect, useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { fetchAssignees } from '../api/signups-api';

const MAX = 500;

/** Refer an application to a senior officer or compliance, with an optional reason (kept in the audit trail). */
export function ReferDialog({ open, name, busy, onSubmit, onClose }: { open: boolean; name: string; busy: boolean; onSubmit: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="refer-dialog-title" slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle id="refer-dialog-title">Refer Application</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Refer the application of <strong>{name}</strong> for a senior decision. It stays in the queue as Referred.
        </DialogContentText>
        <TextField label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value.slice(0, MAX))} multiline minRows={3} helperText={`${reason.length}/${MAX}`} slotProps={{ htmlInput: { maxLength: MAX } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="secondary" disabled={busy} onClick={() => onSubmit(reason.trim())} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Refer
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
      <DialogTitle id="reassign-dialog-title">Reassign Application</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Who should review the application of <strong>{name}</strong>?
        </DialogContentText>
        <TextField select label="Administrator" value={chosen} onChange={(e) => setChosen(e.target.value)} error={failed} helperText={failed ? 'Failed to load the administrators.' : undefined} fullWidth>
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
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !chosen} onClick={() => onSubmit(chosen)} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Reassign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
