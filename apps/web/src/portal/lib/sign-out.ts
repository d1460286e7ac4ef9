import { signOutOfPortalApi } from './portal-api';
import { portalQueryClient } from './query-client';
import { clearPortalSession } from './session';

/** Ends the member's session: the session and every cached query are forgotten. */
export const signOutOfPortal = () =>
  signOutOfPortalApi(() => {
    clearPortalSession();
    portalQueryClient.clear();
  });
