import { http } from '../../lib/api-client';
import { forgetPage } from './route-guards';
import { clearSession } from './session-store';

/** Logout: tells the server (which revokes the session and clears the cookie), then clears local state whatever it answers. */
export async function signOut(): Promise<void> {
  try {
    await http.post('/users/logout');
  } catch {
    // The local session ends regardless (spec 1 section 4).
  } finally {
    forgetPage();
    clearSession({ loggedOut: true });
  }
}
