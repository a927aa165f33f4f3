import { Alert, Box, Button } from '@mui/material';
import { skipLabelOf, type StepRef } from '../../../shared/flow/flow-types';
import { matchesCondition } from '../../../shared/flow/matches-condition';

/** Whether the step's skip button shows for the form's current data (`skippable`, then `skipWhen` if any). */
export function isSkipOffered(step: StepRef, data: Record<string, unknown>): boolean {
  return Boolean(step.skippable) && (step.skipWhen === undefined || matchesCondition(step.skipWhen, data));
}

/** The skip button, labelled by the step's `skipLabel` (else the flow's `skip` text). */
export function SkipButton({ step, onSkip, disabled }: { step: StepRef; onSkip: () => void; disabled?: boolean }) {
  return (
    <Button onClick={onSkip} disabled={disabled}>
      {skipLabelOf(step)}
    </Button>
  );
}

/** `skipPlacement: "both"`: at the top of the step, `texts.optional` (the step is optional) with the skip button. */
export function OptionalStepNotice({ step, onSkip, disabled }: { step: StepRef; onSkip: () => void; disabled?: boolean }) {
  return (
    // The button under the text, not beside it: on a phone the side slot squeezed "Skip Power of Attorney" onto four lines.
    <Alert severity="info" sx={{ mb: 3 }}>
      {step.texts?.optional}
      <Box sx={{ mt: 1 }}>
        <SkipButton step={step} onSkip={onSkip} disabled={disabled} />
      </Box>
    </Alert>
  );
}
