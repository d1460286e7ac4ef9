import webpush from 'web-push';
import type { VapidKeys } from '../../config';

/** A device's subscription as the browser's PushManager gives it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What the portal's service worker shows: a short title and text, and where a tap opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * Why a push failed. `gone`: the push service no longer knows the subscription (404/410), so it
 * is removed; `permanent`: it refused this message for good; otherwise it is tried again.
 */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly gone = false,
  ) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}

export type PushTransport = {
  /** The application server key the browsers subscribe with (base64url). */
  publicKey: string;
  send: (target: PushTarget, payload: PushPayload) => Promise<void>;
};

/** Milliseconds one push request may take: well inside the outbox's lease. */
const pushTimeoutMs = 30_000;
/** Seconds the push service keeps a message for a device that is off. */
const pushTtlSeconds = 24 * 3600;

/** 404/410: the subscription is gone; 429 and 5xx pass with time; any other 4xx never will. */
export function classifyPushStatus(status: number, text: string): PushDeliveryError {
  const message = `push service answered ${status}${text ? `: ${text.slice(0, 300)}` : ''}`;
  if (status === 404 || status === 410) return new PushDeliveryError(message, true, true);
  if (status === 429 || status >= 500) return new PushDeliveryError(message, false);
  return new PushDeliveryError(message, true);
}

/**
 * Web Push through `web-push`: it encrypts the payload for the device (aes128gcm) and signs the
 * VAPID header; the request itself goes through fetch, with a timeout. `topic` is the message's
 * id, so a message pushed twice (a crash after the push service took it) replaces itself there,
 * and its `tag` replaces itself on the device.
 */
export function createPushTransport(options: { keys: VapidKeys; subject: string }): PushTransport {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      const details = webpush.generateRequestDetails(target, JSON.stringify(payload), {
        vapidDetails,
        TTL: pushTtlSeconds,
        topic: payload.tag.replaceAll('-', '').slice(0, 32),
        urgency: 'normal',
      });
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body as Buffer,
          signal: AbortSignal.timeout(pushTimeoutMs),
        });
      } catch (error) {
        throw new PushDeliveryError(String(error).slice(0, 300), false);
      }
      if (response.ok) return;
      throw classifyPushStatus(response.status, await response.text().catch(() => ''));
    },
  };
}
