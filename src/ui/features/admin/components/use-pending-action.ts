import { useState } from 'react';
import { translateApiError } from '../../../lib/translate-api-error';
import type { Feedback } from './feedback-alert';

/**
 * One administrator action waiting for its dialog: `ask` opens it, `run` performs it (with the dialog's
 * input, if any) and reports the outcome to `onDone`, success or failure, then closes it.
 * `perform` answers the success message; `failure` names each action's failure title.
 */
export function usePendingAction<A extends string, T>(
  perform: (action: A, target: T, input?: string) => Promise<string>,
  failure: Record<A, string>,
  onDone: (feedback: Feedback) => void,
) {
  const [pending, setPending] = useState<{ action: A; target: T } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(input?: string) {
    if (!pending) return;
    const { action, target } = pending;
    setBusy(true);
    try {
      onDone({ severity: 'success', title: await perform(action, target, input) });
    } catch (error) {
      onDone({ severity: 'error', title: failure[action], detail: translateApiError(error).message });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return { pending, busy, run, ask: (action: A, target: T) => setPending({ action, target }), close: () => setPending(null) };
}
