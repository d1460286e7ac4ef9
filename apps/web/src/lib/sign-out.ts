import { api } from './api-client';
import { clearCurrentCompany } from './current-company';
import { queryClient } from './query-client';
import { createSignOut } from './realm-session';
import { clearSession, getSession } from './session';

/** Ends the staff session: the session, the current club and every cached query are forgotten. */
export const signOut = createSignOut({
  refreshToken: () => getSession()?.refresh_token,
  post: api.post,
  logoutPath: '/auth/logout',
  forget: () => {
    clearSession();
    clearCurrentCompany();
    queryClient.clear();
  },
});
