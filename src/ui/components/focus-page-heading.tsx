import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long (in frames) a page still loading its code may take to show its heading. */
const FRAMES = 120;

/**
 * After a move to another page of the app, the keyboard and a screen reader start at the new page's heading (its
 * h1), as the wizard's steps do: the link or button pressed went with the old page, and the focus fell to the page
 * body (a member's Transfer to Member, an administrator's Create User). A page that took the focus itself (a code
 * box, the wizard's own heading) keeps it; the first page of a visit is left as the browser shows it.
 */
export function FocusPageHeading() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frames = 0;
    let frame = 0;
    const land = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) {
        if (++frames < FRAMES) frame = requestAnimationFrame(land);
        return;
      }
      if (!heading.hasAttribute('tabindex')) {
        heading.setAttribute('tabindex', '-1');
        // A heading is no control: no focus ring round it (the wizard's own heading does the same).
        heading.style.outline = 'none';
      }
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(land);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
