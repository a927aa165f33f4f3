import { Alert, Box, Typography } from '@mui/material';
import type { JsonObject } from '../../../../shared/forms/form-registry';
import { PASSWORD_WIDGETS, fieldsDrawnBy } from '../../../../shared/forms/widget-fields';

type Schema = JsonObject & { title?: string; properties?: Record<string, Schema>; items?: Schema; oneOf?: Array<{ const?: unknown; title?: string }>; enum?: unknown[] };

/** A value in words: an option's title, Yes/No, a list joined, a record's fields. */
function valueText(schema: Schema | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const option = schema?.oneOf?.find((o) => o.const === value);
  if (option?.title) return option.title;
  if (Array.isArray(value)) return value.map((v) => valueText(schema?.items, v)).join(', ') || '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${schema?.items?.properties?.[k]?.title ?? schema?.properties?.[k]?.title ?? k}: ${valueText(schema?.items?.properties?.[k] ?? schema?.properties?.[k], v)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * A step shown with the form it was submitted under (DESIGN.md "Configuration versions"): that version's questions
 * and the applicant's answers, in that form's order, read-only.
 */
export function StepAsSubmitted({ formThen, data }: { formThen: { schema: JsonObject; uiSchema: JsonObject }; data: Record<string, unknown> }) {
  const schema = formThen.schema as Schema;
  const order = Array.isArray(formThen.uiSchema['ui:order']) ? (formThen.uiSchema['ui:order'] as string[]).filter((f) => f !== '*') : [];
  // As the read-only form shows a step: no hidden field, no password.
  const notShown = new Set(fieldsDrawnBy(formThen.uiSchema, ['hidden', ...PASSWORD_WIDGETS]));
  const fields = [...order, ...Object.keys(schema.properties ?? {}).filter((f) => !order.includes(f))].filter((f) => f in data && !notShown.has(f));
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        Submitted under an earlier version of this form: shown with the questions the applicant answered.
      </Alert>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, columnGap: 2, rowGap: 1, m: 0 }}>
        {fields.map((field) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {schema.properties?.[field]?.title ?? field}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {valueText(schema.properties?.[field], data[field])}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
