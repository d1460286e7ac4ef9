import type { PushSubscriptionBody } from '@clube/shared';
import { removePushSubscription } from '../api/push';

/** Why this device could not be set up to receive notifications (each has its own text). */
export type PushSetupFailure = 'unsupported' | 'denied' | 'dismissed' | 'no-worker' | 'failed';

export class PushSetupError extends Error {
  constructor(readonly reason: PushSetupFailure) {
    super(reason);
    this.name = 'PushSetupError';
  }
}

/** Whether this browser can receive Web Push at all (an iPhone only in the installed app). */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** The portal's service worker registration on this device, if it registered. */
const portalRegistration = async () =>
  pushSupported() ? navigator.serviceWorker.getRegistration('/portal/') : undefined;

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await portalRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** What the API stores of a subscription. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } };
}

/** The base64url public key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Asks the browser's permission and subscribes this device with the server's key (a
 * subscription made with another key is replaced). Throws PushSetupError saying why not.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const registration = await portalRegistration();
  if (!registration) throw new PushSetupError('no-worker');
  try {
    const key = keyBytes(publicKey);
    const existing = await registration.pushManager.getSubscription();
    const existingKey = existing?.options.applicationServerKey;
    if (existing && existingKey && sameBytes(new Uint8Array(existingKey), key)) return existing;
    await existing?.unsubscribe();
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch {
    throw new PushSetupError('failed');
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index]);

/**
 * This device stops receiving the member's notifications: at the server, then in the browser.
 * On sign-out too, so the next person signed in on the phone does not get them.
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
