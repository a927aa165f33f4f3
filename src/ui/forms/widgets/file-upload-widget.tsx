import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Box, Button, FormControl, FormHelperText, FormLabel, IconButton, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import type { FileStore, UploadProgress } from '../file-store';
import { checkFiles, fileLimitsOf, formatBytes } from './file-limits';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';

/**
 * `ui:widget: "file-upload"` on `{ type: array, items: string }`: several files within the schema's
 * `maxItems`, `maxFileSize` and `fileTypes`; the value is the chosen files' names, the Files go to the
 * form's FileStore; each file shows its upload progress while the step is sent; each can be removed.
 */
export default function FileUploadWidget({ id, label, value, required, disabled, readonly, onChange, rawErrors, schema, formContext: given, registry, options }: WidgetProps) {
  // RJSF 6 hands widgets the form's context in `registry.formContext` (a direct `formContext` prop is for tests).
  const formContext = registry?.formContext ?? given;
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const fileList = useRef<HTMLUListElement>(null);
  // Where the file removed last stood: its Remove button goes with it, and the keyboard fell to the page body.
  const removedAt = useRef<number | null>(null);
  const [rejections, setRejections] = useState<string[]>([]);
  // What the last pick attached, said to a screen reader (the keyboard stays on Choose files; the list grew unseen).
  const [attached, setAttached] = useState('');
  const store: FileStore | undefined = formContext?.fileStore;
  const progress: UploadProgress = formContext?.uploadProgress ?? {};
  const names: string[] = Array.isArray(value) ? value : [];
  const limits = fileLimitsOf(schema);
  const full = limits.maxItems !== undefined && names.length >= limits.maxItems;
  const locked = disabled || readonly;

  const choose = (list: FileList | null) => {
    const { accepted, errors } = checkFiles(Array.from(list ?? []), limits, names);
    for (const file of accepted) store?.add(file);
    setRejections(errors);
    setAttached(accepted.length ? fillText(WIDGET_TEXTS.filesAttached, { names: accepted.map((f) => f.name).join(', ') }) : '');
    if (accepted.length) onChange([...names, ...accepted.map((f) => f.name)]);
    if (input.current) input.current.value = '';
  };
  const remove = (name: string) => {
    removedAt.current = names.indexOf(name);
    store?.remove(name);
    setRejections([]);
    setAttached('');
    const next = names.filter((n) => n !== name);
    onChange(next.length ? next : undefined);
  };

  useEffect(() => {
    if (removedAt.current === null) return;
    const at = removedAt.current;
    removedAt.current = null;
    // The next file's Remove (or the last one's), else Choose files: the keyboard stays where the person was working.
    const removes = Array.from(fileList.current?.querySelectorAll<HTMLButtonElement>('[data-remove-file]') ?? []);
    (removes[Math.min(at, removes.length - 1)] ?? chooseButton.current)?.focus();
  }, [value]);

  const accept = limits.fileTypes?.map((t) => `.${t}`).join(',');
  const hint = [limits.fileTypes?.map((t) => t.toUpperCase()).join(', '), limits.maxFileSize ? fillText(WIDGET_TEXTS.maxSizeEach, { size: formatBytes(limits.maxFileSize) }) : '', limits.maxItems ? fillText(WIDGET_TEXTS.upToFiles, { count: limits.maxItems }) : '']
    .filter(Boolean)
    .join(' · ');
  const errors = [...rejections, ...(rawErrors ?? [])];
  const buttonText = String(options.buttonLabel ?? WIDGET_TEXTS.chooseFiles);
  return (
    <FormControl error={errors.length > 0} required={required} fullWidth>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      {/* Read-only (the back office's review): the files as sent, without a button that does nothing. */}
      {!readonly && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          {/* Named with its field (two upload fields on a step had two buttons both called "Choose files"); the name
              starts with the visible words, so voice control still finds it by what it shows. */}
          {/* With a message, the button is where a refused Next (or the server's refusal) takes the keyboard
              (focus-first-invalid.ts): nothing here was marked, so the focus stayed on Next, or on the page, and on a
              phone the message sat out of sight above. */}
          <Button
            ref={chooseButton}
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={locked || full}
            onClick={() => input.current?.click()}
            aria-label={label ? `${buttonText}: ${label}` : undefined}
            // Its messages first (a refused Next brings the keyboard here), then the types and sizes it takes.
            aria-describedby={[...errors.map((_, i) => `${id}-message-${i}`), `${id}-hint`].join(' ')}
            {...(errors.length > 0 ? { 'data-focus-on-error': true } : {})}
          >
            {buttonText}
          </Button>
          {/* Wrapped on a phone, it breaks before a whole part, not before its last word alone. */}
          <Typography id={`${id}-hint`} variant="caption" sx={{ color: 'text.secondary', textWrap: 'pretty' }}>
            {hint}
          </Typography>
          <input
            ref={input}
            id={id}
            type="file"
            hidden
            multiple={limits.maxItems !== 1}
            accept={accept}
            aria-label={label}
            disabled={locked || full}
            onChange={(event) => choose(event.target.files)}
          />
        </Box>
      )}
      {names.length > 0 && (
        <List ref={fileList} dense aria-label={fillText(WIDGET_TEXTS.chosenFiles, { label })}>
          {names.map((name) => {
            const file = store?.get(name);
            const pct = progress[name];
            return (
              <ListItem
                key={name}
                secondaryAction={
                  !locked && (
                    <IconButton edge="end" aria-label={fillText(WIDGET_TEXTS.removeFile, { name })} data-remove-file onClick={() => remove(name)}>
                      <DeleteOutline />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={name}
                  secondary={
                    <>
                      {file ? formatBytes(file.size) : ''}
                      {pct !== undefined && <LinearProgress sx={{ mt: 0.5 }} variant="determinate" value={pct} aria-label={fillText(WIDGET_TEXTS.uploadingFile, { name })} />}
                    </>
                  }
                  // A long name wraps anywhere: unbroken, it pushed a phone's page sideways under the remove button.
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { component: 'div' } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {!readonly && (
        <Box component="span" role="status" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' }}>
          {attached}
        </Box>
      )}
      {errors.map((message, i) => (
        // On the left edge of the label, the button and the hint above it (not indented as under a text box).
        <FormHelperText key={message} id={`${id}-message-${i}`} role="alert" sx={{ mx: 0 }}>
          {message}
        </FormHelperText>
      ))}
    </FormControl>
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
FileUploadWidget.showsOwnMessages = true;
