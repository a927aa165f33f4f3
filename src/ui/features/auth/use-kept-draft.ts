import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { LoadedForm } from '../../forms/load-form';
import { forgetDraft, keepDraft, keptDraft, pageOpened, returnedHereAfterSignIn } from './return-page';
import { hasSession, useSession } from './session-store';

/** Set once a page with kept answers has opened in this document: only the first can be the reloaded one. */
let pageShown = false;
/**
 * True when this tab's document was reloaded on this very page and it is the first such page shown: a reload keeps
 * what was typed. A page reached any other way (a link, a typed address) starts afresh.
 */
function reloadedHere(page: string): boolean {
  const load = typeof performance === 'undefined' ? undefined : (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined);
  if (pageShown || load?.type !== 'reload') return false;
  const url = new URL(load.name);
  return url.pathname + url.search === page;
}

/** A field whose answer is never written to the browser's storage: a password. */
function isSecret(form: LoadedForm, name: string): boolean {
  const ui = (form.uiSchema[name] ?? {}) as Record<string, unknown>;
  return /password/i.test(String(ui['ui:widget'] ?? '')) || /password/i.test(String(ui['ui:autocomplete'] ?? ''));
}

/**
 * Answers typed on a signed-in page, kept across the end of the session: when the 5 minutes run out (or the server
 * ends the session) and the user signs in again, they return to the page (./return-page.ts) and find what they typed;
 * a reload of the page keeps them too. The answers stay in this tab only, for this user; they go when they are sent
 * (`forget`), when the user leaves the page while still signed in, at logout, and when the page is opened any other way.
 * No password may go through here (`useKeptDraft` drops a form's passwords).
 *
 * `initial` is what was kept when the page opened. `keep` is called with the answers on every change.
 */
export function useKeptAnswers(name: string) {
  const userId = useSession().user?.id;
  const { pathname, search } = useLocation();
  // Given back only where they belong: on the page a sign-in returned to, or this page reloaded. Kept answers met any
  // other way (the page opened again later from a typed address) are stale, and go.
  const [initial] = useState(() => {
    const page = pathname + search;
    const wanted = returnedHereAfterSignIn(page) || reloadedHere(page);
    if (!wanted) forgetDraft(name);
    return userId === undefined || !wanted ? undefined : keptDraft(userId, name);
  });
  useEffect(() => {
    pageShown = true;
    pageOpened();
  }, []);
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
      if (userId === undefined) return;
      const kept = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));
      if (Object.keys(kept).length) keepDraft(userId, name, kept);
      else forgetDraft(name);
    },
    [userId, name],
  );
  const forget = useCallback(() => forgetDraft(name), [name]);
  return { initial, keep, forget };
}

/**
 * A signed-in form's unsaved answers, kept across the end of the session as `useKeptAnswers` keeps them, passwords
 * aside (nothing is kept before the form has loaded, when its passwords are not known yet).
 */
export function useKeptDraft(name: string, form: LoadedForm | null) {
  const answers = useKeptAnswers(name);
  const { keep: keepAnswers } = answers;
  const keep = useCallback(
    (data: Record<string, unknown>) => {
      if (!form) return;
      keepAnswers(Object.fromEntries(Object.entries(data).filter(([key]) => !isSecret(form, key))));
    },
    [form, keepAnswers],
  );
  return { initial: answers.initial, keep, forget: answers.forget };
}
