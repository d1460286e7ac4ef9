import { createApiClient } from '@/lib/http-client';
import {
  expirePortalSession,
  getPortalSession,
  parsePortalSession,
  setPortalSession,
} from './session';

/**
 * The portal's own client: the member's session and the portal's refresh endpoint. A 401 is
 * refreshed once (shared by concurrent requests); when that fails the session is forgotten and
 * the router sends the member to the sign-in page with a session-expired message.
 */
export const {
  api: portalApi,
  onSessionExpired: onPortalSessionExpired,
  signOut: signOutOfPortalApi,
  fetchWithSession: fetchWithPortalSession,
} = createApiClient({
  getSession: getPortalSession,
  setSession: setPortalSession,
  clearSignedIn: expirePortalSession,
  refreshPath: '/portal/auth/refresh',
  logoutPath: '/portal/auth/logout',
  parseSession: parsePortalSession,
});
