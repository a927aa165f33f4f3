import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { stepForPage, type FlowDefinition, type StepRef } from '../../../../shared/flow/flow-types';
import { pathOf, previousStep, progressPercent, rememberedValues } from '../../../../engine/navigation';
import { translateApiError } from '../../../lib/translate-api-error';
import { WizardLayout } from '../../onboarding/wizard-layout';
import { StepKindSlot } from '../../onboarding/step-kind-slot';
import { studioApi, type StudioVerdict } from './studio-api';
import type { Persona } from './persona-panel';

type Data = Record<string, unknown>;

interface StepPreviewProps {
  flow: FlowDefinition;
  stepId: string;
  persona: Persona;
  today: string;
  /** Moves the preview to another step, with what the step just remembered about the applicant. */
  onGo: (stepId: string, remembered?: Persona) => void;
}

/**
 * One step as the persona's applicant sees it: the wizard's own frame and step page (steps/: form, checklist, otp,
 * info, choice, success) in preview mode, which calls no API. A valid form shows the body its call would send, and
 * "Send to a scratch server" asks the server for the verdict its step route would give (nothing is stored).
 */
export function StepPreview({ flow, stepId, persona, today, onGo }: StepPreviewProps) {
  const step: StepRef = stepForPage(flow, stepId);
  const [sent, setSent] = useState<{ body: Data; data: Data } | null>(null);
  const [verdict, setVerdict] = useState<StudioVerdict | null>(null);
  const [verdictError, setVerdictError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const back = previousStep(flow, persona, stepId, today);

  const finish = (remember: Data, skipped = false) => {
    const applicant = skipped ? persona : { ...persona, ...remember };
    const path = pathOf(flow, applicant, today);
    const next = path[path.findIndex((s) => s.id === stepId) + 1];
    if (next) onGo(next.id, skipped ? undefined : remember);
  };
  const ask = async () => {
    if (!sent) return;
    setAsking(true);
    setVerdictError(null);
    try {
      setVerdict(await studioApi.verdict(stepId, persona, sent.body));
    } catch (e) {
      setVerdict(null);
      setVerdictError(translateApiError(e).message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={2}>
      <WizardLayout flowTitle={flow.title} title={step.title} description={step.description} progress={progressPercent(flow, persona, stepId, today)} onBack={back ? () => onGo(back.id) : undefined} backLabel={step.texts?.back ?? ''} headingComponent="h3">
        <StepKindSlot
            step={step}
            applicant={persona}
            today={today}
            finish={finish}
            finishWith={(response) => finish(rememberedValues(step.remember, {}, response))}
            onFinished={() => undefined}
            preview={{
              onBody: (body, data) => {
                setSent({ body, data });
                setVerdict(null);
                setVerdictError(null);
              },
            }}
          />
      </WizardLayout>
      {sent && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="What this step would send">
          <Typography variant="subtitle1" component="h3">
            The browser accepts this step
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {step.submit ? `Its call, ${step.submit.method} /api${step.submit.endpoint}, would send:` : 'It sends nothing to the server; the wizard keeps:'}
          </Typography>
          <Box component="pre" sx={{ fontSize: 12, overflowX: 'auto', bgcolor: 'action.hover', p: 1, borderRadius: 1, maxHeight: 240 }}>
            {JSON.stringify(sent.body, null, 2)}
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {step.submit && step.form && (
              <Button variant="outlined" onClick={ask} disabled={asking}>
                Send to a scratch server
              </Button>
            )}
            <Button onClick={() => finish(rememberedValues(step.remember, sent.data, {}))}>Go to the next step</Button>
          </Stack>
          <Box aria-live="polite" sx={{ mt: verdict || verdictError ? 2 : 0 }}>
            {verdictError && <Alert severity="error">{verdictError}</Alert>}
            {verdict?.accepted && (
              <Alert severity="success">
                The server accepts this body{verdict.endpoint ? ` (${verdict.endpoint})` : ''}. Nothing was stored.
              </Alert>
            )}
            {verdict && !verdict.accepted && (
              <Alert severity="error">
                The server refuses it: {verdict.message}
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {Object.entries(verdict.errors ?? {}).map(([field, message]) => (
                    <li key={field}>
                      <code>{field}</code>: {message}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
