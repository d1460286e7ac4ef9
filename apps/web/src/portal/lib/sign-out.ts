import { createSignOut } from '@/lib/realm-session';
import { portalApi } from './portal-api';
import { portalQueryClient } from './query-client';
import { clearPortalSession, getPortalSession } from './session';

/** Ends the member's session: the session and every cached query are forgotten. */
export const signOutOfPortal = createSignOut({
  refreshToken: () => getPortalSession()?.refresh_token,
  post: portalApi.post,
  logoutPath: '/portal/auth/logout',
  forget: () => {
    clearPortalSession();
    portalQueryClient.clear();
  },
});
