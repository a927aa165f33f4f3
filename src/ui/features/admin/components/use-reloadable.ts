import { useCallback, useEffect, useState } from 'react';
import { translateApiError } from '../../../lib/translate-api-error';

/**
 * Data from the server, fetched on mount and whenever `deps` change, with its loading flag and the
 * translated error. `reload()` fetches again (Retry, Refresh, after an action); on a failure the last
 * data stays on screen next to the error, which lasts until a fetch succeeds.
 */
export function useReloadable<T>(fetch: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // The caller's deps say when `fetch` asks for something else, as with useEffect.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetchCurrent = useCallback(fetch, deps);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchCurrent());
      setError(null);
    } catch (e) {
      setError(translateApiError(e).message);
    } finally {
      setLoading(false);
    }
  }, [fetchCurrent]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, loading, error, reload };
}
