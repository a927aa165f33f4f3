import { Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { stepKindPage, type StepKindProps } from './steps';
import { PAGE_TEXTS } from '../../../shared/page-texts';

/** The page of a step's kind (steps/), with a spinner while that kind's code loads (it loads with the first step of its kind). */
export function StepKindSlot(props: StepKindProps) {
  const StepKindPage = stepKindPage(props.step.kind);
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={PAGE_TEXTS.loading} />
        </Box>
      }
    >
      <StepKindPage {...props} />
    </Suspense>
  );
}
