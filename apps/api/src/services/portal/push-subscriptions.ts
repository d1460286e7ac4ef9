import { ECDH } from 'node:crypto';
import { pushSubscriptions, type Database } from '@clube/db';
import {
  maxPushDevices,
  type PushSettings,
  type PushSubscriptionBody,
  type PushUnsubscribeQuery,
} from '@clube/shared';
import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';

/** The member's own subscriptions in their own club: nothing else is ever read or touched. */
const ownedBy = (member: Member) =>
  and(
    eq(pushSubscriptions.associateId, member.associateId),
    eq(pushSubscriptions.companyId, member.companyId),
  );

export type GetPushSettingsOptions = { member: Member; publicKey: string | undefined };

/** The key to subscribe with (null: push is off here) and how many devices the member has on. */
export async function getPushSettings(
  db: Database,
  options: GetPushSettingsOptions,
): Promise<PushSettings> {
  const [row] = await db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(ownedBy(options.member));
  return { publicKey: options.publicKey ?? null, devices: row?.devices ?? 0 };
}

/** Whether the device's key is a point of P-256 (what every push is encrypted for). */
function isCurvePoint(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * The browsers' push services (Chrome and Android, Firefox, Safari, Edge). The server posts to a
 * subscription's endpoint, so a member could otherwise make it post to any address it reaches
 * (an internal service, this host): only these hosts, over https, are accepted.
 */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** An https address on one of the push services (the host itself or a name under it). */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return pushServiceHosts.some(
    (host) => url.hostname === host || url.hostname.endsWith(`.${host}`),
  );
}

export type SubscribePushOptions = GetPushSettingsOptions &
  PushSubscriptionBody & {
    /** Accept any http(s) endpoint (the tests' local push service), never set outside tests. */
    httpEndpoints: boolean;
  };

/**
 * Notifications on this device: stored (or its keys renewed) for the member. A member keeps at
 * most `maxPushDevices`; the least recently renewed beyond that are dropped.
 */
export async function subscribePush(
  db: Database,
  options: SubscribePushOptions,
): Promise<PushSettings> {
  if (!options.publicKey) throw new AppError('PushUnavailable');
  if (!options.httpEndpoints && !isPushServiceEndpoint(options.endpoint)) {
    throw new AppError('PushEndpointInvalid');
  }
  if (!isCurvePoint(options.keys.p256dh)) throw new AppError('PushSubscriptionInvalid');
  const { member } = options;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        companyId: member.companyId,
        associateId: member.associateId,
        endpoint: options.endpoint,
        p256dh: options.keys.p256dh,
        auth: options.keys.auth,
      })
      .onConflictDoUpdate({
        target: [pushSubscriptions.associateId, pushSubscriptions.endpoint],
        set: { p256dh: options.keys.p256dh, auth: options.keys.auth, updatedAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(ownedBy(member))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(maxPushDevices);
    await tx
      .delete(pushSubscriptions)
      .where(and(ownedBy(member), notInArray(pushSubscriptions.id, kept)));
  });
  return getPushSettings(db, options);
}

export type UnsubscribePushOptions = GetPushSettingsOptions & PushUnsubscribeQuery;

/** Notifications off on this device (one of the member's own; any other endpoint is left alone). */
export async function unsubscribePush(
  db: Database,
  options: UnsubscribePushOptions,
): Promise<PushSettings> {
  await db
    .delete(pushSubscriptions)
    .where(and(ownedBy(options.member), eq(pushSubscriptions.endpoint, options.endpoint)));
  return getPushSettings(db, options);
}
