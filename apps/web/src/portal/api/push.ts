import { pushSettingsSchema, type PushSettings, type PushSubscriptionBody } from '@clube/shared';
import { portalApi } from '../lib/portal-api';

export const pushKeys = { settings: ['portal', 'push'] as const };

/** GET /portal/push: the key to subscribe with (null: off on this server) and the devices on. */
export async function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return pushSettingsSchema.parse(await portalApi.get('/portal/push', { signal }));
}

/** PUT /portal/push/subscription: this device receives the club's messages. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<PushSettings> {
  return pushSettingsSchema.parse(await portalApi.put('/portal/push/subscription', body));
}

/** DELETE /portal/push/subscription: this device stops receiving them. */
export async function removePushSubscription(endpoint: string): Promise<PushSettings> {
  return pushSettingsSchema.parse(
    await portalApi.delete('/portal/push/subscription', { query: { endpoint } }),
  );
}
