import { Alert, Box, Stack, Typography } from '@mui/material';
import type { CheckerProblem, StudioForm } from './studio-api';

/** Where a checker message points: file:line:column at a JSON path. */
export const problemPlace = (p: CheckerProblem) => `${p.file}${p.line ? `:${p.line}:${p.column}` : ''}${p.path && p.path !== '/' ? ` at ${p.path}` : ''}`;

/** The checker's messages as an analyst reads them in the terminal: where, what, and the hint. */
export function ProblemList({ problems }: { problems: CheckerProblem[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {problems.map((p, i) => (
        <li key={`${problemPlace(p)}-${i}`}>
          <code>{problemPlace(p)}</code>: {p.message}
          {p.hint && (
            <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {p.hint}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

function JsonFile({ name, text }: { name: string; text: string | null }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ fontFamily: 'monospace' }}>
        {name}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={name}
        sx={{ fontSize: 12, lineHeight: 1.45, m: 0, mt: 0.5, p: 1.5, overflow: 'auto', maxHeight: 420, bgcolor: 'action.hover', borderRadius: 1, border: 1, borderColor: 'divider' }}
      >
        {text ?? '(no file: the form uses the default layout)'}
      </Box>
    </Box>
  );
}

/** The selected form's two files as written, with the checker's messages for them (re-read every few seconds). */
export function FormFilesPanel({ form, error }: { form: StudioForm | null; error: string | null }) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!form) return <Typography sx={{ color: 'text.secondary' }}>Loading the form's files…</Typography>;
  return (
    <Stack spacing={2}>
      {form.problems.length ? (
        <Alert severity="error" role="status">
          The checker finds {form.problems.length} problem{form.problems.length === 1 ? '' : 's'} in this form:
          <ProblemList problems={form.problems} />
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          The checker finds no problem in this form.
        </Alert>
      )}
      <JsonFile name={form.files.schema} text={form.schema} />
      <JsonFile name={form.files.uiSchema} text={form.uiSchema} />
    </Stack>
  );
}
