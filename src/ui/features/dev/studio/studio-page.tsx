import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { FlowDefinition } from '../../../../shared/flow/flow-types';
import { stepsInWalkOrder } from '../../../../shared/flow/walk-flow';
import { transitionInWords } from '../../../../shared/flow/transition-in-words';
import { today as creditUnionToday } from '../../../../shared/dates/today';
import { pathOf } from '../../../../engine/navigation';
import { usePageTitle } from '../../../lib/use-page-title';
import { SchemaForm } from '../../../forms/schema-form';
import { onboardingFlow as builtFlow } from '../../onboarding/flow-actor';
import { PersonaPanel, type Persona } from './persona-panel';
import { StepPreview } from './step-preview';
import { FormFilesPanel, ProblemList } from './form-files-panel';
import { studioApi, usePolled } from './studio-api';

// The diagram's code loads with the studio only, after its first paint.
const FlowDiagram = lazy(() => import('./flow-diagram'));

const TEXT_ALTERNATIVE_ID = 'studio-steps-and-transitions';

// The persona and the step survive the reload `npm run dev` makes after an edit (this tab only).
const KEPT = 'cu.studio';
function kept(): { persona?: Persona; stepId?: string } {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT) ?? '{}');
  } catch {
    return {};
  }
}

function Section({ title, children, label }: { title: string; children: ReactNode; label?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label ?? title} sx={{ p: { xs: 2, md: 2.5 }, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The analyst studio (/dev/studio): the flow as a diagram in walk order with its transitions in words, a persona
 * whose path is highlighted and whose every step previews as that applicant sees it (real step pages, no API calls,
 * a scratch verdict from the server on request), and the selected form's files beside its preview with the
 * checker's messages. The files are re-read every few seconds, so an edit shows while the page is open.
 */
export default function StudioPage() {
  usePageTitle('Studio');
  const today = creditUnionToday();
  const configuration = usePolled(() => studioApi.configuration(), []);
  const flow: FlowDefinition = configuration.data?.flow ?? builtFlow;
  const [persona, setPersona] = useState<Persona>(() => kept().persona ?? {});
  const path = useMemo(() => pathOf(flow, persona, today).map((s) => s.id), [flow, persona, today]);
  const order = useMemo(() => stepsInWalkOrder(flow), [flow]);
  const [stepId, setStepId] = useState<string>(() => (kept().stepId && flow.steps[kept().stepId!] ? kept().stepId! : flow.initial));
  const [formId, setFormId] = useState<string | undefined>(() => flow.steps[stepId]?.form);
  useEffect(() => sessionStorage.setItem(KEPT, JSON.stringify({ persona, stepId })), [persona, stepId]);
  const selectedStep = flow.steps[stepId] ? stepId : flow.initial;
  const formFiles = usePolled(formId ? () => studioApi.form(formId) : null, [formId]);
  const formIds = configuration.data?.forms ?? [];
  const stepOfForm = (id: string) => path.find((s) => flow.steps[s].form === id) ?? order.find((s) => flow.steps[s].form === id);
  const showStepPreview = !formId || flow.steps[selectedStep]?.form === formId || !stepOfForm(formId);

  const select = (id: string) => {
    setStepId(id);
    setFormId(flow.steps[id]?.form);
  };
  // A persona that no longer walks through the selected step is shown its first step.
  useEffect(() => {
    if (!path.includes(selectedStep) && path.length) select(path[0]);
  }, [path.join('>')]); // eslint-disable-line react-hooks/exhaustive-deps

  const status = configuration.status;
  if (status === 404 || status === 403) {
    return (
      <Alert severity="warning">
        {status === 404 ? 'The studio is not available here.' : 'The studio needs an administrator whose role includes the studio.'} ({configuration.error})
      </Alert>
    );
  }
  const problems = configuration.data?.problems ?? [];
  const changedSinceBuild = configuration.data?.flow && JSON.stringify(configuration.data.flow) !== JSON.stringify(builtFlow);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h1">
          {flow.title}: studio
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          The flow in walk order, an applicant of your choosing walked through it, and every step as they would see it. The files are read again every few seconds.
        </Typography>
      </Box>
      <Box aria-live="polite">
        {configuration.error &&
          (configuration.data && configuration.status === undefined ? (
            // No answer at all: under npm run dev the API restarts after an edit for a few seconds.
            <Alert severity="info">The API server is not answering (npm run dev restarts it after an edit); the studio tries again every few seconds.</Alert>
          ) : (
            <Alert severity="error">{configuration.error}</Alert>
          ))}
        {configuration.data &&
          (problems.length ? (
            <Alert severity="error">
              npm run config:check finds {problems.length} problem{problems.length === 1 ? '' : 's'}:
              <ProblemList problems={problems} />
            </Alert>
          ) : (
            <Chip color="success" variant="outlined" label="npm run config:check: every form and flow file checks out" sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }} />
          ))}
        {changedSinceBuild && (
          <Alert severity="info" sx={{ mt: 1 }}>
            The flow file changed since this page was built: the diagram, the lists and the step texts show the file; forms preview as built (npm run dev rebuilds them and reloads the page by itself).
          </Alert>
        )}
      </Box>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Section title="Persona">
            <PersonaPanel flow={flow} persona={persona} onChange={setPersona} today={today} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
              {`Their path: ${path.length} steps`}
            </Typography>
            <Box component="ol" aria-label="This persona's path" sx={{ m: 0, pl: 3 }}>
              {path.map((id) => (
                <li key={id}>
                  <Button size="small" onClick={() => select(id)} aria-current={id === selectedStep ? 'step' : undefined} sx={{ textTransform: 'none', justifyContent: 'flex-start', fontWeight: id === selectedStep ? 700 : 400, py: 0 }}>
                    {flow.steps[id].title}
                  </Button>
                </li>
              ))}
            </Box>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Diagram">
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              This persona&apos;s path is drawn in full lines; choose a box to preview its step.
            </Typography>
            <Suspense fallback={<CircularProgress aria-label="Loading the diagram" />}>
              <FlowDiagram flow={flow} path={path} selected={selectedStep} onSelect={select} describedBy={TEXT_ALTERNATIVE_ID} />
            </Suspense>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title="Steps and transitions">
            <Box component="ol" id={TEXT_ALTERNATIVE_ID} aria-label="Steps and transitions in walk order" sx={{ m: 0, pl: 3 }}>
              {order.map((id) => {
                const step = flow.steps[id];
                const walked = path.includes(id);
                return (
                  <Box component="li" key={id} data-on-path={walked || undefined} sx={{ mb: 1, color: walked ? 'text.primary' : 'text.secondary' }}>
                    <Typography component="span" sx={{ fontWeight: walked ? 700 : 400 }}>
                      {step.title}
                    </Typography>
                    <Typography component="span" variant="body2">
                      {` (${[step.kind, step.skippable ? 'skippable' : '', walked ? 'on this path' : ''].filter(Boolean).join(', ')})`}
                    </Typography>
                    {(step.next ?? []).length > 0 && (
                      <Box component="ul" sx={{ m: 0, pl: 2.5, listStyle: 'none' }}>
                        {(step.next ?? []).map((t, i) => (
                          <li key={`${t.to}-${i}`}>
                            <Typography variant="body2" component="span">
                              {`${transitionInWords(step, i, flow.facts ?? {})} → ${flow.steps[t.to]?.title ?? t.to}`}
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Box>
          </Section>
        </Grid>
      </Grid>

      <Section title="Preview" label="Step preview and form files">
        <TextField
          select
          label="Form"
          value={formId ?? ''}
          onChange={(e) => {
            const id = e.target.value;
            setFormId(id);
            const owner = stepOfForm(id);
            if (owner) setStepId(owner);
          }}
          sx={{ minWidth: { xs: '100%', sm: 360 }, mb: 2 }}
          helperText="A form of the flow previews as its step; any other form on its own."
        >
          {(formIds.length ? formIds : formId ? [formId] : []).map((id) => (
            <MenuItem key={id} value={id}>
              {id}
            </MenuItem>
          ))}
        </TextField>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            {showStepPreview ? (
              <StepPreview
                key={`${selectedStep}|${JSON.stringify(persona)}`}
                flow={flow}
                stepId={selectedStep}
                persona={persona}
                today={today}
                onGo={(id, remembered) => {
                  if (remembered && Object.keys(remembered).length) setPersona((p) => ({ ...p, ...remembered }));
                  select(id);
                }}
              />
            ) : (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <SchemaForm key={formId} formId={formId} validateOn="change" onSubmit={() => undefined} />
              </Paper>
            )}
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            {formId ? (
              <FormFilesPanel form={formFiles.data?.id === formId ? formFiles.data : null} error={formFiles.data?.id === formId ? null : formFiles.error} />
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>This step has no form: its texts are in the flow file, flows/onboarding.flow.json.</Typography>
            )}
          </Grid>
        </Grid>
      </Section>
    </Stack>
  );
}
