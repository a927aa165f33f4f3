/**
 * A request's path as the router reads it: its %-escapes decoded and the query left off. The router finds
 * `/api/users/logout` for `/%61pi/users/logout`, so a hook that decides by the path must read it this way, or a
 * path spelled with escapes reaches the route with the hook's check skipped (the API key and Origin check did).
 * A path that does not decode is answered 400 by the router itself; it is returned as sent.
 */
export function requestPath(url: string): string {
  const path = url.split('?')[0];
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
