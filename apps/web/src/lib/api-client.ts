import { createApiClient } from './http-client';
import { expireSession, getSession, setSession } from './session';
import { parseSession } from './stored-shapes';

export { ApiError, apiBaseUrl, isApiError, type RequestOptions } from './http-client';

/** The back office's client: the staff session, the staff refresh endpoint. */
const client = createApiClient({
  getSession,
  setSession,
  // Remembered as expired (not signed out), so the login screen says why the user is there. The
  // current club is kept: signing in again returns to the page that was open, in its club (the
  // layout forgets a club that is not among the clubs of whoever signs in).
  clearSignedIn: expireSession,
  refreshPath: '/auth/refresh',
  logoutPath: '/auth/logout',
  parseSession,
});

export const { api, apiRequest, onSessionExpired, fetchWithSession } = client;
export const signOutOfApi = client.signOut;
