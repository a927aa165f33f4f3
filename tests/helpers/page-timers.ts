import { act } from '@testing-library/react';

/**
 * The page's own timers (a move to the next page 2 s after a success message) under the test's control: they still
 * run with the clock, and `passTime` moves them on at once, so a test checks the delay without waiting it out (each
 * such wait held a worker for 2 s). Dates stay real. Call before the action that starts the timer; the file's
 * afterEach puts the real timers back (vi.useRealTimers).
 */
export function controlPageTimers(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves the page's timers on by `ms`, running what falls due (controlPageTimers). */
export async function passTime(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
