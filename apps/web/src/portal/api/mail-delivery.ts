import { mailDeliverySchema, type MailDelivery } from '@clube/shared';
import { useEffect, useState } from 'react';
import { portalApi } from '../lib/portal-api';

/** GET /auth/mail-delivery: whether this server sends e-mail (links reach nobody without it). */
export async function getMailDelivery(signal?: AbortSignal): Promise<MailDelivery> {
  const data = await portalApi.get('/auth/mail-delivery', { signal, authenticated: false });
  return mailDeliverySchema.parse(data);
}

/**
 * Read once when the page opens. The guest pages run outside the signed-in portal's query
 * client, so this is a plain effect; undefined until known (and when it cannot be read).
 */
export function useMailDelivery(): { data: MailDelivery | undefined } {
  const [data, setData] = useState<MailDelivery | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    getMailDelivery(controller.signal).then(setData, () => undefined);
    return () => controller.abort();
  }, []);
  return { data };
}
