import { useEffect, useState, type HTMLAttributes } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';

const MAX = 500;

/** The comment dialog (spec 2 section 2): a 500-character counter; Add Comment stays disabled while blank. */
export function CommentDialog({ open, name, initial, busy, onSubmit, onClose, onDraft }: { open: boolean; name: string; initial: string; busy: boolean; onSubmit: (text: string) => void; onClose: () => void; onDraft?: (text: string) => void }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    if (open) setText(initial);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="comment-dialog-title" slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle id="comment-dialog-title">{ADMIN_TEXTS.addComment}</DialogTitle>
      <DialogContent>
        <TextField
          label={fillText(ADMIN_TEXTS.commentOn, { name })}
          value={text}
          onChange={(e) => {
            const next = e.target.value.slice(0, MAX);
            setText(next);
            onDraft?.(next);
          }}
          multiline
          minRows={4}
          autoFocus
          sx={{ mt: 1 }}
          helperText={`${text.length}/${MAX}`}
          slotProps={{ htmlInput: { maxLength: MAX }, formHelperText: { 'aria-live': 'polite' } as HTMLAttributes<HTMLParagraphElement> }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {ADMIN_TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={busy || !text.trim()} onClick={() => onSubmit(text)} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {ADMIN_TEXTS.addComment}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
