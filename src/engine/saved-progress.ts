import type { ApplicantContext } from '../shared/facts/applicant-context';

/** Where the onboarding wizard keeps its progress in the browser's storage. */
export const ONBOARDING_PROGRESS_KEY = 'cu.onboarding.progress';

/** Saved progress counts for 24 hours (spec 1 section 4). */
export const PROGRESS_TTL_MS = 24 * 60 * 60 * 1000;

/** What is kept in browser storage: current step, completed steps, session id and the critical data. */
export interface SavedProgress {
  savedAt: number;
  currentStep: string;
  /** The current step's route, so a page outside the wizard (the welcome page) can send the applicant back to it. */
  currentRoute?: string;
  completedSteps: string[];
  sessionId: string;
  applicant: ApplicantContext;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Where the progress is kept: the tab's sessionStorage. It holds the applicant's token, email, mobile and date of
 * birth, so it must not outlive the tab: in localStorage the next person at a shared computer opened "Continue an
 * application" and walked into the last applicant's answers without a code (applicant review). A reload keeps it;
 * another tab or device continues with a code (/continue). The wizard removes what an earlier version left in
 * localStorage (flow-actor.ts).
 */
export function progressStorage(): StorageLike {
  return sessionStorage;
}

export function saveProgress(storage: StorageLike, key: string, progress: Omit<SavedProgress, 'savedAt'>, now: number = Date.now()): void {
  storage.setItem(key, JSON.stringify({ ...progress, savedAt: now }));
}

/** The saved progress if it is well formed and younger than 24 hours; stale or broken entries are removed. */
export function loadProgress(storage: StorageLike, key: string, now: number = Date.now()): SavedProgress | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as SavedProgress;
    const fresh = typeof saved.savedAt === 'number' && now - saved.savedAt < PROGRESS_TTL_MS && now >= saved.savedAt;
    if (fresh && typeof saved.currentStep === 'string' && Array.isArray(saved.completedSteps) && saved.applicant && typeof saved.applicant === 'object') return saved;
  } catch {
    // Unreadable entries are treated as absent.
  }
  storage.removeItem(key);
  return null;
}

/** Clears the saved progress (the "clear everything" of spec 1 section 4 and the end of the wizard). */
export function clearProgress(storage: StorageLike, key: string): void {
  storage.removeItem(key);
}
