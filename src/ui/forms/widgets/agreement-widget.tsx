import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormHelperText, Link, Typography } from '@mui/material';
import { PAGE_TEXTS } from '../../../shared/page-texts';
import { fillText } from '../../../shared/fill-text';

const asParagraphs = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);

/**
 * `ui:widget: "agreement"`: a checkbox that can be ticked only after its document was opened (spec 3: the
 * agreements must be viewed); it starts unticked (SchemaForm never uses a `const: true` as a default).
 * `ui:options`: `document` (the dialog's title, e.g. "Terms and Conditions"), `paragraphs` (its text),
 * `openLabel` (the link; default pages.json's readDocument, "Read the <document>"), `acceptLabel` (default pages.json's agree).
 */
export default function AgreementWidget({ id, label, value, required, disabled, readonly, onChange, rawErrors, options, schema }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const [viewed, setViewed] = useState(value === true);
  const title = String(options.document ?? schema.title ?? label);
  const paragraphs = asParagraphs(options.paragraphs ?? schema.description);
  const hasError = Boolean(rawErrors?.length);
  const show = () => {
    setOpen(true);
    setViewed(true);
  };
  const hint = !viewed && options.viewFirstHint ? String(options.viewFirstHint) : null;
  return (
    <FormControl error={hasError} required={required}>
      {/* The box is named by its label alone; the link that opens the document sits under it, outside the <label> (a
          button inside another control's label is not allowed, and named the box after the link's words too). */}
      <FormControlLabel
        control={<Checkbox id={id} slotProps={{ input: { 'aria-invalid': hasError || undefined, 'aria-describedby': [hasError ? `${id}__error` : '', hint ? `${id}__hint` : ''].filter(Boolean).join(' ') || undefined } }} checked={value === true} disabled={disabled || readonly || !viewed} onChange={(event) => onChange(event.target.checked)} />}
        label={label}
      />
      {/* While the box cannot be ticked, a refused Next brings the keyboard here (focus-first-invalid.ts), with the message. */}
      <Link component="button" type="button" onClick={show} data-focus-on-error={(hasError && !viewed) || undefined} aria-describedby={hasError ? `${id}__error` : undefined} sx={{ alignSelf: 'flex-start', ml: 4, textAlign: 'left' }}>
        {String(options.openLabel ?? fillText(PAGE_TEXTS.readDocument, { document: title }))}
      </Link>
      {/* The message and the hint line up with the label and the link (not the box's edge). */}
      {hasError && (
        <FormHelperText id={`${id}__error`} sx={{ ml: 4 }}>
          {rawErrors![0]}
        </FormHelperText>
      )}
      {/* Why the box cannot be ticked yet, read with it (a disabled box alone tells a screen reader nothing). */}
      {hint && (
        <FormHelperText id={`${id}__hint`} error={false} sx={{ ml: 4 }}>
          {hint}
        </FormHelperText>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${id}-dialog-title`} scroll="paper" maxWidth="md">
        <DialogTitle id={`${id}-dialog-title`}>{title}</DialogTitle>
        <DialogContent dividers>
          {paragraphs.map((p, i) => (
            <Typography key={i} sx={{ mb: 1.5 }}>
              {p}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{PAGE_TEXTS.close}</Button>
          {!(disabled || readonly) && (
            <Button
              variant="contained"
              onClick={() => {
                onChange(true);
                setOpen(false);
              }}
            >
              {String(options.acceptLabel ?? PAGE_TEXTS.agree)}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </FormControl>
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
AgreementWidget.showsOwnMessages = true;
