import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/use-page-title';
import { useServerData } from '../../../lib/use-server-data';
import { formatDate, formatDateTime } from '../../../../shared/format-date';
import { fetchFunnel, type FunnelReport } from '../api/funnel-api';
import { FunnelChart } from './funnel-chart';
import { ResponsiveTable } from '../../../components/responsive-table';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillText } from '../../../../shared/fill-text';

/** "1 min 5 s", "42 s" (admin.json `durationMinutes`, `durationSeconds`), or "—" when no applicant finished the step. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  return s >= 60 ? fillText(ADMIN_TEXTS.durationMinutes, { minutes: Math.floor(s / 60), seconds: s % 60 }) : fillText(ADMIN_TEXTS.durationSeconds, { seconds: s });
}

/** One titled panel of the report. */

function FunnelSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    // minWidth 0 and a scrolling box: a wide table scrolls inside its section instead of widening the page on a phone.
    // The box takes the keyboard's focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {title}
      </Typography>
      <Box tabIndex={0} role="region" aria-labelledby={headingId} sx={{ overflowX: 'auto' }}>
        {children}
      </Box>
    </Paper>
  );
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)} %` : '—');

/**
 * Onboarding funnel (issue "Resume on any device ..." part 3): for a date range and a configuration version,
 * starts, each step's reach and drop-off, median time per step, the fields refused most, and completion by
 * path. Counts are of visits (the wizard's random id), never of people: nothing personal is recorded.
 */
export default function FunnelPage() {
  usePageTitle(ADMIN_TEXTS.onboardingFunnel);
  const [query, setQuery] = useState<{ from?: string; to?: string; version?: string }>({});
  // Until a day is typed, the fields show the report's own period (the last 30 days by default).
  const [draft, setDraft] = useState<{ from?: string; to?: string; version: string }>({ version: '' });
  const { data, loading, error, reload } = useServerData(() => fetchFunnel(query), [query]);
  const report: FunnelReport | null = data;

  // Days in the wrong order are refused here, under From, before any call: the figures below stay those of the period
  // they name (the server's refusal left the last period's figures under the message as if they answered it).
  const [rangeError, setRangeError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = draft.from ?? report?.from;
    const to = draft.to ?? report?.to;
    if (from && to && from > to) return setRangeError(ADMIN_TEXTS.reversedDays);
    setRangeError(null);
    setQuery({ from, to, version: draft.version || undefined });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: '1.8rem' }}>
        {ADMIN_TEXTS.onboardingFunnel}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={apply} aria-label={ADMIN_TEXTS.funnelFilters} sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={ADMIN_TEXTS.funnelFrom}
            type="date"
            size="small"
            value={draft.from ?? report?.from ?? ''}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            error={Boolean(rangeError)}
            helperText={rangeError ?? undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={ADMIN_TEXTS.funnelTo} type="date" size="small" value={draft.to ?? report?.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            label={ADMIN_TEXTS.funnelVersion}
            select
            size="small"
            value={draft.version}
            onChange={(e) => setDraft({ ...draft, version: e.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 260 }}
          >
            <option value="">{ADMIN_TEXTS.funnelAllVersions}</option>
            {(report?.versions ?? []).map((v) => (
              <option key={v.hash} value={v.hash}>
                {fillText(v.current ? ADMIN_TEXTS.funnelVersionInUse : ADMIN_TEXTS.funnelVersionOption, { version: v.hash.slice(0, 10), when: formatDateTime(v.first_seen_on) })}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            {ADMIN_TEXTS.funnelShow}
          </Button>
        </Stack>
      </Paper>
      {loading && <LinearProgress aria-label={ADMIN_TEXTS.funnelLoading} />}
      {error && (
        <Alert severity="error" action={<Button onClick={() => void reload()}>{ADMIN_TEXTS.retry}</Button>}>
          {error}
        </Alert>
      )}
      {report && (
        <>
          <Typography color="text.secondary">
            {report.version
              ? fillText(ADMIN_TEXTS.funnelPeriodOfVersion, { from: formatDate(report.from), to: formatDate(report.to), version: report.version.slice(0, 10) })
              : fillText(ADMIN_TEXTS.funnelPeriod, { from: formatDate(report.from), to: formatDate(report.to) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {[
              [ADMIN_TEXTS.funnelStarted, report.starts],
              [ADMIN_TEXTS.funnelSubmitted, report.applications],
              [ADMIN_TEXTS.funnelCompletion, percent(report.applications, report.starts)],
            ].map(([label, value]) => (
              <Paper key={label} variant="outlined" sx={{ p: 2, flex: 1 }}>
                <Typography color="text.secondary">{label}</Typography>
                <Typography sx={{ fontSize: '1.8rem', fontWeight: 600 }}>{value}</Typography>
              </Paper>
            ))}
          </Stack>
          {report.steps.length === 0 ? (
            <Alert severity="info">{ADMIN_TEXTS.funnelNoStarts}</Alert>
          ) : (
            <FunnelSection title={ADMIN_TEXTS.funnelStepsSection}>
              {/* The drawing is the table's figures again, for the eye: on a phone, too small to read, the cards carry them. */}
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                <FunnelChart steps={report.steps} />
              </Box>
              <ResponsiveTable
                label={ADMIN_TEXTS.funnelStepsTable}
                rows={report.steps}
                rowKey={(s) => s.step}
                columns={[
                  { header: ADMIN_TEXTS.funnelColumnStep, cell: (s) => s.title, card: 'title', rowHeader: true },
                  { header: ADMIN_TEXTS.funnelColumnReached, cell: (s) => s.reached, align: 'right' },
                  { header: ADMIN_TEXTS.funnelColumnCompleted, cell: (s) => s.completed, align: 'right' },
                  { header: ADMIN_TEXTS.funnelColumnGaveUp, cell: (s) => `${s.dropped} (${percent(s.dropped, s.reached)})`, align: 'right' },
                  { header: ADMIN_TEXTS.funnelColumnRefusals, cell: (s) => s.refusals, align: 'right' },
                  { header: ADMIN_TEXTS.funnelColumnMedianTime, cell: (s) => formatSeconds(s.median_seconds), align: 'right' },
                ]}
              />
            </FunnelSection>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
            <FunnelSection title={ADMIN_TEXTS.funnelRefusedFields}>
              {report.refused_fields.length === 0 ? (
                <Typography color="text.secondary">{ADMIN_TEXTS.funnelNoRefusals}</Typography>
              ) : (
                <ResponsiveTable
                  label={ADMIN_TEXTS.funnelRefusedFields}
                  rows={report.refused_fields}
                  rowKey={(f) => `${f.step}.${f.field}`}
                  columns={[
                    { header: ADMIN_TEXTS.funnelColumnStep, cell: (f) => f.title, card: 'title', rowHeader: true },
                    { header: ADMIN_TEXTS.funnelColumnField, cell: (f) => f.field, cellSx: { fontFamily: 'monospace' } },
                    { header: ADMIN_TEXTS.funnelColumnRefusals, cell: (f) => f.refusals, align: 'right' },
                  ]}
                />
              )}
            </FunnelSection>
            <FunnelSection title={ADMIN_TEXTS.funnelPaths}>
              {report.paths.length === 0 ? (
                <Typography color="text.secondary">{ADMIN_TEXTS.funnelNoVisits}</Typography>
              ) : (
                <ResponsiveTable
                  label={ADMIN_TEXTS.funnelPaths}
                  rows={report.paths}
                  rowKey={(p) => p.path}
                  columns={[
                    { header: ADMIN_TEXTS.funnelColumnApplicant, cell: (p) => p.path, card: 'title', rowHeader: true },
                    { header: ADMIN_TEXTS.funnelColumnVisits, cell: (p) => p.visits, align: 'right' },
                    { header: ADMIN_TEXTS.funnelColumnSubmitted, cell: (p) => p.completed, align: 'right' },
                    { header: ADMIN_TEXTS.funnelColumnRate, cell: (p) => `${p.rate} %`, align: 'right' },
                  ]}
                />
              )}
            </FunnelSection>
          </Box>
        </>
      )}
    </Stack>
  );
}
