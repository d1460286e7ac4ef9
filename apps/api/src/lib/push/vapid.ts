import webpush from 'web-push';

/** A new VAPID key pair (P-256), base64url, as `web-push` makes it. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
