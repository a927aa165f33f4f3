import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On every change of path: the window scrolls to the top, and after a move to another page of the app the keyboard
 * and a screen reader start at the new page's heading, as the wizard's steps do: the link or button pressed went with
 * the old page, and the focus fell to the page body (a member's Transfer to Member, an administrator's Create User).
 * The first page of a visit is left as the browser shows it, so the heading's code loads with the first move, beside
 * the next page's own (the first page's script is at its 100 KB budget).
 */
export function PageChange() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    let stop: (() => void) | undefined;
    let left = false;
    void import('./focus-page-heading').then(({ focusPageHeading }) => {
      if (!left) stop = focusPageHeading();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
  return null;
}
