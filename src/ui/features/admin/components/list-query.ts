import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * An admin list's page, filters and search, kept in the address (a reload, the back button and a page the list opened
 * come back to them): the address's values, and a change that sets or removes (empty) some of them. A change applies
 * to the address as it is when it lands, so a search typed while a filter was being chosen keeps the filter.
 */
export function useListQuery(): [URLSearchParams, (changes: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const setQuery = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, setQuery];
}

/**
 * A list's page past its end (its last rows were decided, blocked or filtered away while it was open, or while a
 * page it opened was): the list moves to its last page that has rows, rather than showing none with no way back.
 */
export function usePageInRange(page: number, total: number | undefined, pageSize: number, goTo: (page: number) => void): void {
  const last = total ? Math.ceil(total / pageSize) : 0;
  useEffect(() => {
    if (last > 0 && page > last) goTo(last);
  }, [page, last]); // eslint-disable-line react-hooks/exhaustive-deps
}
