import { useEffect, useRef } from 'react';
import { Alert, AlertTitle } from '@mui/material';

/** What to tell the administrator after an action. */
export interface Feedback {
  severity: 'success' | 'error';
  title: string;
  detail?: string;
}

/**
 * The outcome of the last action, announced to screen readers (role alert on failure, status on success). It takes
 * the focus when it comes: the button that led to it is often gone or disabled by then (Approve once approved, a
 * deleted user's row), and the focus would otherwise fall to the page's start; Tab goes on from the message.
 */
export function FeedbackAlert({ feedback, onClose }: { feedback: Feedback | null; onClose: () => void }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (feedback) alert.current?.focus({ preventScroll: false });
  }, [feedback]);
  if (!feedback) return null;
  return (
    <Alert ref={alert} tabIndex={-1} severity={feedback.severity} role={feedback.severity === 'error' ? 'alert' : 'status'} onClose={onClose}>
      {feedback.detail ? <AlertTitle>{feedback.title}</AlertTitle> : feedback.title}
      {feedback.detail}
    </Alert>
  );
}
