/** How long (in frames) a page still loading its code may take to show its heading. */
const FRAMES = 120;

/**
 * Puts the keyboard and a screen reader on the new page's heading (its h1) once it shows, unless something already has
 * the focus (a page that took it itself: a code box, the wizard's own heading). Returns a stop for a page left first.
 */
export function focusPageHeading(): () => void {
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
}
