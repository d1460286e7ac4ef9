import { portalApi } from './portal-api';
import { portalQueryClient } from './query-client';
import { clearPortalSession, getPortalSession } from './session';

/**
 * Revokes the refresh token, then forgets the session and the cache. The local sign-out happens
 * even when the server is unreachable, so the member is never stuck signed in.
 */
export async function signOutOfPortal(): Promise<void> {
  const refreshToken = getPortalSession()?.refresh_token;
  if (refreshToken) {
    try {
      await portalApi.post(
        '/portal/auth/logout',
        { refresh_token: refreshToken },
        { authenticated: false },
      );
    } catch {
      // The refresh token expires on its own; what the member asked for is the local sign-out.
    }
  }
  clearPortalSession();
  portalQueryClient.clear();
}
