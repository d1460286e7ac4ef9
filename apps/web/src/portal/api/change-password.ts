import { portalSessionSchema, type PortalChangePasswordBody } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';
import { setPortalSession } from '../lib/session';

/**
 * PATCH /portal/me/password. The API ends every other session of the membership and answers a
 * fresh one for this device, which replaces the stored one.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PortalChangePasswordBody) =>
      portalSessionSchema.parse(await portalApi.patch('/portal/me/password', body)),
    onSuccess: (session) => setPortalSession(session),
  });
}
