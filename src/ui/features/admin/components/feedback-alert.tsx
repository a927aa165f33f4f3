import { Alert, AlertTitle } from '@mui/material';

/** What to tell the administrator after an action. */
export interface Feedback {
  severity: 'success' | 'error';
  title: string;
  detail?: string;
}

/** The outcome of the last action, announced to screen readers (role alert on failure, status on success). */
export function FeedbackAlert({ feedback, onClose }: { feedback: Feedback | null; onClose: () => void }) {
  if (!feedback) return null;
  return (
    <Alert severity={feedback.severity} role={feedback.severity === 'error' ? 'alert' : 'status'} onClose={onClose}>
      {feedback.detail ? <AlertTitle>{feedback.title}</AlertTitle> : feedback.title}
      {feedback.detail}
    </Alert>
  );
}
