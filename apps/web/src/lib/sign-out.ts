import { api } from './api-client';
import { clearCurrentCompany } from './current-company';
import { queryClient } from './query-client';
import { clearSession, getSession } from './session';

/**
 * Ends the session: revokes the refresh token on the server, then forgets the session, the
 * current club and every cached query. Local sign-out happens even if the server is unreachable,
 * so the user is never stuck signed in.
 */
export async function signOut(): Promise<void> {
  const refreshToken = getSession()?.refresh_token;
  if (refreshToken) {
    try {
      await api.post('/auth/logout', { refresh_token: refreshToken }, { authenticated: false });
    } catch {
      // The token expires on its own; the local sign-out below is what the user asked for.
    }
  }
  clearSession();
  clearCurrentCompany();
  queryClient.clear();
}
