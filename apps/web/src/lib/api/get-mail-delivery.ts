import { mailDeliverySchema, type MailDelivery } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /auth/mail-delivery: whether the server sends e-mail. Here, not in a feature: the staff
 * screen (invitation or one-time password) and the forgotten-password page both read it.
 */
export async function getMailDelivery(signal?: AbortSignal): Promise<MailDelivery> {
  const data = await api.get('/auth/mail-delivery', { signal, authenticated: false });
  return mailDeliverySchema.parse(data);
}

export const mailDeliveryQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-delivery'] as const,
    queryFn: ({ signal }) => getMailDelivery(signal),
    // A server setting: read once a session.
    staleTime: Infinity,
  });

/** `enabled: false` asks nothing yet (a dialog that is closed). */
export function useMailDelivery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mailDeliveryQueryOptions(), enabled });
}
