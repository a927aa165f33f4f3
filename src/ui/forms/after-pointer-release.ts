let pressed = false;
let waiting: Array<() => void> = [];

if (typeof window !== 'undefined') {
  // Capture phase: the press is known before the field it takes the focus from hears its blur.
  window.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => {
    pressed = false;
    const run = waiting;
    waiting = [];
    // After the click this release ends (dispatched in the same task), so it lands where it was aimed.
    if (run.length) setTimeout(() => run.forEach((apply) => apply()), 0);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/**
 * Runs `apply` now, or, while a mouse button or finger is down, once it is lifted. A message that appears when a
 * field loses focus pushes down what is below it; when a press elsewhere took the focus, the press's target moved
 * away between down and up, so a select opened and shut at once and a button's click was lost.
 */
export function afterPointerRelease(apply: () => void): void {
  if (pressed) waiting.push(apply);
  else apply();
}
