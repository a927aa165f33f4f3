import { errorId, type WidgetProps } from '@rjsf/utils';
import type { JsonObject } from '../../../shared/forms/form-registry';
import { Box, Card, CardContent, Checkbox, FormControlLabel, FormHelperText, LinearProgress, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';

interface Item {
  value: string;
  title: string;
  description?: string;
}

/**
 * The checklist's items: an object's boolean properties (title, description; `readOnly` ones are
 * informational), or an array's `items.oneOf` (`const`, `title`, `description`) or `items.enum`.
 */
export function checklistItems(schema: JsonObject | undefined): Item[] {
  if (schema?.type === 'object') return Object.entries<JsonObject>(schema.properties ?? {}).map(([k, p]) => ({ value: k, title: String(p.title ?? k), description: p.description }));
  const items = schema?.items ?? {};
  if (Array.isArray(items.oneOf)) return items.oneOf.map((o: JsonObject) => ({ value: String(o.const), title: String(o.title ?? o.const), description: o.description }));
  if (Array.isArray(items.enum)) return items.enum.map((v: unknown) => ({ value: String(v), title: String(v) }));
  return [];
}

/** Informational items: `readOnly` properties of an object checklist, or `ui:options.informational` values. */
export function informationalItems(schema: JsonObject | undefined, options: JsonObject | undefined): Set<string> {
  if (schema?.type === 'object') return new Set(Object.entries<JsonObject>(schema.properties ?? {}).filter(([, p]) => p.readOnly).map(([k]) => k));
  return new Set((Array.isArray(options?.informational) ? options.informational : []).map(String));
}

/** True when every item that can be ticked is ticked (the checklist step's Start button). */
export function isChecklistComplete(schema: JsonObject | undefined, options: JsonObject | undefined, value: unknown): boolean {
  const informational = informationalItems(schema, options);
  const ticked = schema?.type === 'object' ? Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => v === true).map(([k]) => k) : Array.isArray(value) ? value : [];
  return checklistItems(schema).every((i) => informational.has(i.value) || ticked.includes(i.value));
}

/**
 * `ui:widget: "document-checklist"`: items shown as cards with a "ready" count. On an object of booleans
 * (used through SchemaForm's checklist field) or on an array of ticked values. Informational items have no
 * checkbox (spec 3: the foreign bank card).
 */
export default function DocumentChecklistWidget({ id, label, value, disabled, readonly, onChange, rawErrors, schema, options }: WidgetProps) {
  const isObject = schema?.type === 'object';
  const ticked: string[] = isObject ? Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => v === true).map(([k]) => k) : Array.isArray(value) ? value : [];
  const informational = informationalItems(schema, options);
  const items = checklistItems(schema);
  const checkable = items.filter((i) => !informational.has(i.value));
  const ready = checkable.filter((i) => ticked.includes(i.value)).length;
  const progressText = fillText(String(options.progressLabel ?? WIDGET_TEXTS.checklistProgress), { ready, total: checkable.length });
  const toggle = (item: string, on: boolean) => {
    const next = on ? [...ticked.filter((v) => v !== item), item] : ticked.filter((v) => v !== item);
    if (isObject) onChange(Object.fromEntries(items.filter((i) => !informational.has(i.value)).map((i) => [i.value, next.includes(i.value)])));
    // Keep the schema's order so the submitted list is stable.
    else onChange(items.map((i) => i.value).filter((v) => next.includes(v)));
  };
  const hasError = Boolean(rawErrors?.length);
  // One group of checkboxes, named by its field (the form's title when the checklist is the whole form: RJSF gives the
  // root no label); with a message, marked invalid and described by it (as the radios).
  return (
    <Box id={id} role="group" aria-label={label || schema?.title || undefined} aria-invalid={hasError || undefined} aria-describedby={hasError ? errorId(id) : undefined}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" aria-live="polite">
          {progressText}
        </Typography>
        <LinearProgress variant="determinate" value={checkable.length ? (ready / checkable.length) * 100 : 0} aria-label={progressText} />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <Card key={item.value} variant="outlined">
            <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
              {informational.has(item.value) ? (
                <>
                  <InfoOutlined color="info" sx={{ mt: 0.5 }} aria-hidden />
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
                    {item.description && <Typography variant="body2">{item.description}</Typography>}
                  </Box>
                </>
              ) : (
                <FormControlLabel
                  sx={{ alignItems: 'flex-start' }}
                  control={<Checkbox id={`${id}-${item.value}`} checked={ticked.includes(item.value)} disabled={disabled || readonly} onChange={(e) => toggle(item.value, e.target.checked)} />}
                  label={
                    <Box sx={{ pt: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
                      {item.description && <Typography variant="body2">{item.description}</Typography>}
                    </Box>
                  }
                />
              )}
            </CardContent>
          </Card>
        ))}
      </Box>
      {hasError ? (
        <FormHelperText id={errorId(id)} error>
          {rawErrors![0]}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

// It shows its own messages (rawErrors): RJSF's error list stays out (templates/field-error-template.tsx).
DocumentChecklistWidget.showsOwnMessages = true;
