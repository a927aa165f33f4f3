import { useEffect } from 'react';

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
