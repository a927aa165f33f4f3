import { useCallback, useEffect, useState } from 'react';
import { translateApiError } from '../../lib/translate-api-error';

/** Loads data once (and on reload()), with the shared error translation for failures. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    run().then(
      (data) => live && setState({ data, loading: false }),
      (err) => live && setState({ error: translateApiError(err).message, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [run, version]);
  return { ...state, reload: () => setVersion((v) => v + 1) };
}
