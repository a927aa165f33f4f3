import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { StepBanner } from '../../../shared/flow/flow-types';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { WIDGET_TEXTS } from '../../../shared/widget-texts';
import { fillText } from '../../../shared/fill-text';

interface WizardLayoutProps {
  flowTitle: string;
  title: string;
  description?: string;
  progress: number;
  onBack?: () => void;
  /** The Back button's words (the step's `texts.back`, which the flow's stepTexts word for every step). */
  backLabel: string;
  children: ReactNode;
  /** The step title's heading element: h1 on the wizard's page, lower where the frame sits inside another page (the studio). */
  headingComponent?: 'h1' | 'h2' | 'h3';
  /** A message above the step (the welcome back of an application continued). */
  notice?: string;
  /** The step's banners whose condition holds for this applicant (the flow file's `banners`). */
  banners?: StepBanner[];
}

/** The frame of every wizard step: flow title, progress along the applicant's path, heading, Back. */
export function WizardLayout({ flowTitle, title, description, progress, onBack, backLabel, children, headingComponent = 'h1', notice, banners = [] }: WizardLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A new step takes the focus to its title, so a screen reader says where the applicant is and Tab starts there;
    // unless something on the step took the focus itself (a code box), or the applicant's focus is still on the page.
    if (headingComponent !== 'h1') return;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, [title, headingComponent]);
  return (
    <Stack spacing={3}>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="overline" component="p">
            {flowTitle}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {fillText(WIDGET_TEXTS.percentComplete, { percent: progress })}
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={progress} aria-label={fillText(WIDGET_TEXTS.flowProgress, { flow: flowTitle })} />
      </Box>
      {notice && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {onBack && (
          <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 2 }}>
            {backLabel}
          </Button>
        )}
        <Typography ref={heading} tabIndex={-1} variant="h4" component={headingComponent} sx={{ mb: description ? 1 : 3, '&:focus': { outline: 'none' } }}>
          {title}
        </Typography>
        {description && (
          <Typography sx={{ mb: 3, color: 'text.secondary' }}>
            {description}
          </Typography>
        )}
        {banners.map((banner) => (
          // Read politely with the page (a status), not as an alert that interrupts: it is news about the step, not a problem.
          <Alert key={`${banner.title ?? ''}${banner.text ?? ''}`} severity={banner.severity ?? 'info'} role="status" sx={{ mb: 3 }}>
            {banner.title && <AlertTitle>{banner.title}</AlertTitle>}
            {banner.text}
          </Alert>
        ))}
        {children}
      </Paper>
    </Stack>
  );
}
