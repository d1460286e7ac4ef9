import { mailDeliverySchema, type MailDelivery } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';

/** GET /auth/mail-delivery: whether this server sends e-mail (links reach nobody without it). */
export async function getMailDelivery(signal?: AbortSignal): Promise<MailDelivery> {
  const data = await portalApi.get('/auth/mail-delivery', { signal, authenticated: false });
  return mailDeliverySchema.parse(data);
}

export function useMailDelivery() {
  return useQuery(
    queryOptions({
      queryKey: ['mail-delivery'] as const,
      queryFn: ({ signal }) => getMailDelivery(signal),
      // A server setting: read once a session.
      staleTime: Infinity,
    }),
  );
}
