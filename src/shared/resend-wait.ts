/** The wait between two codes, in seconds (spec 3 section 4): the server refuses a new code sooner. */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * Seconds left before a new code may be asked for, counted from when the last one went out (the server waits 60 s
 * from its own send): a reload resumes the countdown instead of starting it again. Unknown: the whole wait.
 */
export function resendWaitSeconds(sentAt: number | null | undefined, now = Date.now()): number {
  if (!sentAt || !Number.isFinite(sentAt)) return RESEND_COOLDOWN_SECONDS;
  const left = Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000);
  return Math.min(RESEND_COOLDOWN_SECONDS, Math.max(0, left));
}
