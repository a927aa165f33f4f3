import { useCallback, useEffect, useRef, useState } from 'react';
import { translateApiError } from './translate-api-error';

export interface ServerDataOptions {
  /**
   * true (default, the back office): on a failure the last data stays on screen next to the error, which lasts
   * until a fetch succeeds. false (the member area): a fetch clears the error, and a failure clears the data, so
   * an error never sits next to balances that may no longer be true.
   */
  keepLastData?: boolean;
}

/** The member area's choice: no stale balances next to an error. */
export const MEMBER_DATA: ServerDataOptions = { keepLastData: false };

/**
 * Data from the server, fetched on mount and whenever `deps` change, with its loading flag and the translated
 * error, and again when the tab comes back into view. `reload()` fetches again (Retry, Refresh, after an action). Only the latest fetch's answer is shown: a
 * slow answer to an earlier question (the previous page) never replaces a newer one.
 */
export function useServerData<T>(fetch: () => Promise<T>, deps: unknown[] = [], options: ServerDataOptions = {}) {
  const keepLastData = options.keepLastData ?? true;
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({ data: null, loading: true, error: null });
  const latest = useRef(0);

  // The caller's deps say when `fetch` asks for something else, as with useEffect.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetchCurrent = useCallback(fetch, deps);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: keepLastData ? s.error : null }));
    try {
      const data = await fetchCurrent();
      if (call === latest.current) setState({ data, loading: false, error: null });
    } catch (e) {
      const error = translateApiError(e).message;
      if (call === latest.current) setState((s) => ({ data: keepLastData ? s.data : null, loading: false, error }));
    }
  }, [fetchCurrent, keepLastData]);
  useEffect(() => {
    void reload();
    // Back in view after another tab or app: what is shown may have changed meanwhile (another administrator
    // decided the application; a transfer from another tab moved the balances), so it is fetched again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return { ...state, reload };
}
