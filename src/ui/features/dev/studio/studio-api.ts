import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/translate-api-error';
import type { FlowDefinition } from '../../../../shared/flow/flow-types';
import type { Problem } from '../../../../shared/config-check/check-config';

/** One message of the configuration checker, as `npm run config:check` prints it. */
export type CheckerProblem = Problem;

/** GET /api/dev/studio/configuration: the files as they are on disk now. */
export interface StudioConfiguration {
  flow: FlowDefinition | null;
  forms: string[];
  problems: CheckerProblem[];
}

/** GET /api/dev/studio/form: one form's two files as written, with the checker's messages for them. */
export interface StudioForm {
  id: string;
  files: { schema: string; uiSchema: string };
  schema: string;
  uiSchema: string | null;
  problems: CheckerProblem[];
}

/** POST /api/dev/studio/verdict: what the step's route would answer, without storing anything. */
export interface StudioVerdict {
  step: string;
  form?: string;
  endpoint?: string;
  accepted: boolean;
  message?: string;
  errors?: Record<string, string>;
}

export const studioApi = {
  configuration: () => http.get<StudioConfiguration>('/dev/studio/configuration'),
  form: (id: string) => http.get<StudioForm>('/dev/studio/form', { params: { id } }),
  verdict: (step: string, applicant: Record<string, unknown>, body: Record<string, unknown>) => http.post<StudioVerdict>('/dev/studio/verdict', { step, applicant, body }),
};

/** How often the studio asks for the files again while its tab is visible: an analyst's edit shows within seconds. */
export const STUDIO_POLL_MS = 3000;

/**
 * Data the studio reads from the server, fetched now, every few seconds while the tab is visible and whenever the
 * window regains focus; an answer that equals the last one changes nothing on screen (no re-render, no lost input).
 */
export function usePolled<T>(fetch: (() => Promise<T>) | null, deps: unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: string | null; status?: number }>({ data: null, error: null });
  const last = useRef<string>('');
  // The caller's deps say when `fetch` asks for something else, as with useEffect.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const current = useCallback(fetch ?? (async () => null as T), deps);
  useEffect(() => {
    let live = true;
    last.current = '';
    const load = () => {
      if (!fetch || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
      current().then(
        (data) => {
          const text = JSON.stringify(data);
          if (!live || text === last.current) return;
          last.current = text;
          setState({ data, error: null });
        },
        (e) => {
          if (!live) return;
          last.current = '';
          const status = (e as { response?: { status?: number } })?.response?.status;
          setState((s) => ({ data: s.data, error: translateApiError(e).message, status }));
        },
      );
    };
    load();
    const timer = setInterval(load, STUDIO_POLL_MS);
    window.addEventListener('focus', load);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('focus', load);
    };
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}
