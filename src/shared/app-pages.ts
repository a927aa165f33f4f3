/**
 * The browser paths the app's own pages hold (src/ui/features/<area>/routes.tsx), which no wizard step's `route` may
 * take: the exact paths, and the prefixes whose every path is an area's. The checker refuses a step route among them
 * (a step at /continue would hide the resume page every applicant email links to); tests/shared/app-pages.test.tsx
 * keeps this list and the route table in step.
 */
export const APP_PAGE_PATHS = ['/', '/login', '/reset-password', '/continue'] as const;
export const APP_PAGE_PREFIXES = ['/auth/', '/admin', '/users/', '/dev/', '/api'] as const;

/** The app page a path belongs to, if any (a path equal to a prefix without its slash counts: /admin). */
export function appPageOf(path: string): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = APP_PAGE_PATHS.find((p) => p === clean);
  if (exact) return exact;
  return APP_PAGE_PREFIXES.find((p) => clean === p.replace(/\/$/, '') || clean.startsWith(p.endsWith('/') ? p : `${p}/`));
}
