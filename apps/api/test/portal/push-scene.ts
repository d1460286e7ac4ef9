import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { outboxMessages, pushSubscriptions } from '@clube/db';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { JobRunner } from '../../src/lib/jobs/runner';
import { createOutboxSender } from '../../src/lib/mail/outbox-sender';
import { generateVapidKeys } from '../../src/lib/push/vapid';
import { build } from '../helper';
import { startPushTestServer, type PushTestServer } from '../push-test-server';

/**
 * Web Push end to end: a member's device subscribes in the portal, a message the club sends goes
 * through the outbox to a push service (a local HTTP server) encrypted for that device and signed
 * with the server's VAPID key; the test decrypts what arrived.
 */
export const publicUrl = 'https://reservas.clube.test';
export const vapidKeys = generateVapidKeys();

/** Builds the app with push on, registers the push service's hooks, and answers the helpers. */
export function pushScene() {
  const context = build({ publicUrl, vapidKeys, pushHttpEndpoints: true });
  let pushService: PushTestServer;
  let sender: JobRunner;

  beforeAll(async () => {
    pushService = await startPushTestServer();
    sender = createOutboxSender(context.db, {
      transport: { kind: 'keep' },
      push: context.app.push,
      log: { info() {}, warn() {}, error() {} },
    });
  });
  beforeEach(async () => {
    await context.db.delete(outboxMessages);
    await context.db.delete(pushSubscriptions);
    pushService.received.length = 0;
    pushService.answer(201);
  });
  afterAll(() => pushService.close());

  type Headers = Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes. */
  function device(name: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      ecdh,
      auth,
      subscription: {
        endpoint: `${pushService.url}/device/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      },
    };
  }

  const unsubscribeUrl = (endpoint: string) =>
    `/api/portal/push/subscription?endpoint=${encodeURIComponent(endpoint)}`;

  const subscribe = (headers: Headers, subscription: object) =>
    call('PUT', '/api/portal/push/subscription', headers, subscription);

  /** Works the outbox until nothing is due. */
  async function drain() {
    while ((await sender.runOnce()) > 0);
  }

  /** The VAPID header's JWT, checked against the server's public key; answers its claims. */
  function vapidClaims(authorization: string | undefined): Record<string, unknown> {
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
    expect(match, `Authorization: ${authorization}`).not.toBeNull();
    const [, token, key] = match!;
    expect(key).toBe(vapidKeys.publicKey);
    const [header, payload, signature] = token!.split('.');
    const raw = Buffer.from(key!, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(signed, 'the JWT is signed with the VAPID private key').toBe(true);
    return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  }

  /** What the device reads: the push body decrypted with its own private key and auth secret. */
  function readPush(body: Buffer, own: { ecdh: ECDH; auth: Buffer }) {
    return JSON.parse(
      decrypt(body, { version: 'aes128gcm', privateKey: own.ecdh, authSecret: own.auth }).toString(
        'utf8',
      ),
    ) as { title: string; body: string; url: string; tag: string };
  }

  const book = (headers: Headers, placeId: string, startsAt: Date) =>
    call('POST', '/api/portal/bookings', headers, { placeId, startsAt: startsAt.toISOString() });

  /** The push service started in beforeAll, read at the time of use. */
  const pushServiceView = {
    get received() {
      return pushService.received;
    },
    get url() {
      return pushService.url;
    },
    answer: (...args: Parameters<PushTestServer['answer']>) => pushService.answer(...args),
  };

  return {
    context,
    pushService: pushServiceView,
    call,
    device,
    unsubscribeUrl,
    subscribe,
    drain,
    vapidClaims,
    readPush,
    book,
  };
}
