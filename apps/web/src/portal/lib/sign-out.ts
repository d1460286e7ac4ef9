import { signOutOfPortalApi } from './portal-api';
import { clearOfflineBookings } from './offline-bookings';
import { forgetThisDevice } from './push-device';
import { portalQueryClient } from './query-client';
import { clearPortalSession } from './session';

/**
 * Ends the member's session: this device stops receiving their notifications (the next person to
 * sign in on it must not get them), and the session, every cached query and the bookings kept
 * for offline use are forgotten.
 */
export const signOutOfPortal = async () => {
  await forgetThisDevice();
  return signOutOfPortalApi(() => {
    clearPortalSession();
    clearOfflineBookings();
    portalQueryClient.clear();
  });
};
