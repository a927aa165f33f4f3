import type { ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  confirmColor?: 'primary' | 'error' | 'warning' | 'success';
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A yes/no question before an administrator action; the confirm button shows progress while the call runs. It opens
 * on an answer, so Enter does something: the safe one (Cancel) when the action destroys or locks out (`error`, as
 * WAI-ARIA's alert dialog asks), the action itself otherwise.
 */
export function ConfirmDialog({ open, title, children, confirmText, confirmColor = 'primary', busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const destructive = confirmColor === 'error';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-dialog-title" slotProps={{ paper: { sx: { maxWidth: 400 } } }}>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus={destructive}>
          {ADMIN_TEXTS.cancel}
        </Button>
        <Button onClick={onConfirm} color={confirmColor} variant="contained" disabled={busy} autoFocus={!destructive} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
