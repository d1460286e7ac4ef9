import { signOutOfApi } from './api-client';
import { clearCurrentCompany } from './current-company';
import { queryClient } from './query-client';
import { clearSession } from './session';

/** Ends the staff session: the session, the current club and every cached query are forgotten. */
export const signOut = () =>
  signOutOfApi(() => {
    clearSession();
    clearCurrentCompany();
    queryClient.clear();
  });
