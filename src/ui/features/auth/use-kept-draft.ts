import { useCallback, useEffect, useState } from 'react';
import type { LoadedForm } from '../../forms/load-form';
import { forgetDraft, keepDraft, keptDraft } from './return-page';
import { hasSession, useSession } from './session-store';

/** A field whose answer is never written to the browser's storage: a password. */
function isSecret(form: LoadedForm, name: string): boolean {
  const ui = (form.uiSchema[name] ?? {}) as Record<string, unknown>;
  return /password/i.test(String(ui['ui:widget'] ?? '')) || /password/i.test(String(ui['ui:autocomplete'] ?? ''));
}

/**
 * A signed-in form's unsaved answers, kept across the end of the session: when the 5 minutes run out (or the server
 * ends the session) and the user signs in again, they return to the page (./return-page.ts) and find what they typed,
 * passwords aside. The answers stay in this tab only, for this user; they go when the form is sent (`forget`), when
 * the user leaves the page while still signed in, and at logout.
 *
 * `initial` is what was kept when the page opened. `keep` is called with the form's data on every change.
 */
export function useKeptDraft(name: string, form: LoadedForm | null) {
  const userId = useSession().user?.id;
  const [initial] = useState(() => (userId === undefined ? undefined : keptDraft(userId, name)));
  useEffect(
    () => () => {
      // Unmounted with the session alive: the user left the page, and its answers go. Unmounted because the session
      // ended: they stay for the next sign-in.
      if (hasSession()) forgetDraft(name);
    },
    [name],
  );
  const keep = useCallback(
    (data: Record<string, unknown>) => {
      if (userId === undefined || !form) return;
      const kept = Object.fromEntries(Object.entries(data).filter(([key, value]) => value !== undefined && value !== '' && !isSecret(form, key)));
      if (Object.keys(kept).length) keepDraft(userId, name, kept);
      else forgetDraft(name);
    },
    [userId, name, form],
  );
  const forget = useCallback(() => forgetDraft(name), [name]);
  return { initial, keep, forget };
}
