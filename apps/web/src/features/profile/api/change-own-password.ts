import { sessionSchema, type ChangeOwnPasswordBody, type Session } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/**
 * PATCH /backoffice/profile/password. The server ends every session of the user and answers a
 * new one; 422 InvalidOldPassword when the current password is wrong.
 */
export async function changeOwnPassword(body: ChangeOwnPasswordBody): Promise<Session> {
  return sessionSchema.parse(await api.patch('/backoffice/profile/password', body));
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: changeOwnPassword,
    // The old refresh token was revoked with the others: keep this device signed in.
    onSuccess: (session) => setSession(session),
  });
}
