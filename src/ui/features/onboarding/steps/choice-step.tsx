import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, CardActionArea, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import type { StepRef } from '../../../../shared/flow/flow-types';
import { clearOnboarding } from '../flow-actor';

type Data = Record<string, unknown>;

/**
 * One card per choice. With an application in progress (`resumeAt`, its first open step), a card continues it
 * first, and a choice asks before discarding it (choosing starts a new application: spec 3, a new draft id).
 */
export function ChoiceStep({ step, resumeAt, onChoose, preview = false }: { step: StepRef; resumeAt?: StepRef; onChoose: (set: Data) => void; preview?: boolean }) {
  const navigate = useNavigate();
  const t = step.texts ?? {};
  const [pending, setPending] = useState<Data | null>(null);
  const inProgress = resumeAt && resumeAt.id !== step.id ? resumeAt : undefined;
  const start = (set: Data) => {
    // The studio's preview leaves the wizard's own saved application alone.
    if (!preview) clearOnboarding();
    onChoose(set);
  };
  return (
    <Stack spacing={2}>
      {inProgress && (
        <Card variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
          <CardActionArea onClick={() => navigate(inProgress.route)}>
            <CardContent>
              <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                {t.resume}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t.resumeDescription?.replace('{step}', inProgress.title)}</Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      )}
      {(step.choices ?? []).map((choice) => (
        <Card key={choice.label} variant="outlined">
          <CardActionArea onClick={() => (inProgress ? setPending(choice.set) : start(choice.set))}>
            <CardContent>
              <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                {choice.label}
              </Typography>
              {choice.description && <Typography sx={{ color: 'text.secondary' }}>{choice.description}</Typography>}
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{t.discardTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.discardBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} autoFocus>
            {t.keep}
          </Button>
          <Button color="error" onClick={() => pending && start(pending)}>
            {t.discard}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

