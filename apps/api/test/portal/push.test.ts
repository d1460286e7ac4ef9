import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { outboxMessages, pushDeliveries, pushSubscriptions } from '@clube/db';
import { errorMessageOf } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../src/lib/jobs/runner';
import { createOutboxSender } from '../../src/lib/mail/outbox-sender';
import { generateVapidKeys } from '../../src/lib/push/vapid';
import { isPushServiceEndpoint, subscribePush } from '../../src/services/portal/push-subscriptions';
import { createPortalScene } from '../factories';
import { build } from '../helper';
import { startPushTestServer, type PushTestServer } from '../push-test-server';

/**
 * Web Push end to end: a member's device subscribes in the portal, a message the club sends goes
 * through the outbox to a push service (a local HTTP server) encrypted for that device and signed
 * with the server's VAPID key; the test decrypts what arrived.
 */
const publicUrl = 'https://reservas.clube.test';
const vapidKeys = generateVapidKeys();
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
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
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

describe('a message to a member with notifications on', () => {
  it('reaches the device encrypted for it, signed with the server’s VAPID key', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra de Tênis' });
    const phone = device('phone');
    const settings = await call('GET', '/api/portal/push', s.holderSession.headers);
    expect(settings.json()).toEqual({ publicKey: vapidKeys.publicKey, devices: 0 });
    const subscribed = await subscribe(s.holderSession.headers, phone.subscription);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({ publicKey: vapidKeys.publicKey, devices: 1 });

    const startsAt = s.at(s.day(3), '10:00');
    expect((await book(s.holderSession.headers, s.place.id, startsAt)).statusCode).toBe(201);
    await drain();

    expect(pushService.received).toHaveLength(1);
    const [push] = pushService.received;
    expect(push!.path).toBe('/device/phone');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const claims = vapidClaims(push!.headers.authorization);
    expect(claims.aud).toBe(pushService.url);
    expect(claims.sub).toBe(context.config.vapidSubject);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const shown = readPush(push!.body, phone);
    const date = s.day(3).split('-').reverse().join('/');
    expect(shown.title).toBe(
      `Reserva confirmada: Quadra de Tênis, ${date}, 10:00 — ${s.company.name}`,
    );
    expect(shown.body).toBe(`Sua reserva está confirmada: Quadra de Tênis, ${date}, 10:00–11:00.`);
    expect(shown.url).toBe(`${publicUrl}/portal/reservas`);
    const [message] = await context.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.associateId, s.holder.id));
    expect(shown.tag).toBe(message!.id);
    const [delivery] = await context.db.select().from(pushDeliveries);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    // Staff see on the associate's page that the notification reached the device.
    const listed = await call(
      'GET',
      `/api/backoffice/message/company/${s.company.id}?associateId=${s.holder.id}`,
      s.staffHeaders,
    );
    expect(listed.json<{ items: Array<{ pushes: object }> }>().items[0]!.pushes).toEqual({
      sent: 1,
      pending: 0,
      failed: 0,
    });

    // Worked again, nothing is pushed twice.
    await drain();
    expect(pushService.received).toHaveLength(1);
  });

  it('works without SMTP: the e-mail is kept for Mensagens and the push still goes', async () => {
    const s = await createPortalScene(context.app, { name: 'Piscina' });
    await subscribe(s.holderSession.headers, device('tablet').subscription);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '09:00'));
    await drain();
    const [message] = await context.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.associateId, s.holder.id));
    expect(message!.status).toBe('notice');
    expect(pushService.received).toHaveLength(1);
  });

  it('is tried again later when the push service fails for a while, then sent once', async () => {
    const s = await createPortalScene(context.app, { name: 'Churrasqueira' });
    const phone = device('busy');
    await subscribe(s.holderSession.headers, phone.subscription);
    pushService.answer(503);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '11:00'));
    await drain();
    const [waiting] = await context.db.select().from(pushDeliveries);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('503');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    pushService.answer(201);
    await context.db.execute(sql`update push_deliveries set next_attempt_at = now()`);
    await drain();
    expect(pushService.received).toHaveLength(2);
    expect(readPush(pushService.received[1]!.body, phone).title).toContain('Reserva confirmada');
    const [sent] = await context.db.select().from(pushDeliveries);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('removes the subscription when the push service answers 410 (the device is gone)', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 2' });
    await subscribe(s.holderSession.headers, device('old-phone').subscription);
    pushService.answer(410);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '14:00'));
    await drain();
    expect(pushService.received).toHaveLength(1);
    expect(await context.db.select().from(pushSubscriptions)).toEqual([]);
    expect(await context.db.select().from(pushDeliveries)).toEqual([]);
    expect((await call('GET', '/api/portal/push', s.holderSession.headers)).json()).toMatchObject({
      devices: 0,
    });
  });

  it('gives up at once on another refusal (400), without retrying', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 3' });
    await subscribe(s.holderSession.headers, device('refused').subscription);
    pushService.answer(400);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '16:00'));
    await drain();
    const [delivery] = await context.db.select().from(pushDeliveries);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await context.db.select().from(pushSubscriptions)).toHaveLength(1);
  });
});

describe('no loss, no duplicate', () => {
  it('two senders working at once push each message once', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 11' });
    await subscribe(s.holderSession.headers, device('twice-a').subscription);
    await subscribe(s.holderSession.headers, device('twice-b').subscription);
    for (const time of ['08:00', '09:00', '10:00']) {
      await book(s.holderSession.headers, s.place.id, s.at(s.day(5), time));
    }
    const other = createOutboxSender(context.db, {
      transport: { kind: 'keep' },
      push: context.app.push,
      log: { info() {}, warn() {}, error() {} },
    });
    await Promise.all([
      drain(),
      (async () => {
        while ((await other.runOnce()) > 0);
      })(),
    ]);
    expect(pushService.received).toHaveLength(6);
    const perDevice = pushService.received.map((push) => push.path).sort();
    expect(perDevice.filter((path) => path === '/device/twice-a')).toHaveLength(3);
    expect(perDevice.filter((path) => path === '/device/twice-b')).toHaveLength(3);
  });

  it('a push whose sender died mid-send waits for its lease, then goes', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 12' });
    await subscribe(s.holderSession.headers, device('lease').subscription);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '17:00'));
    // As a sender that claimed it and died would leave it.
    await context.db.execute(
      sql`update push_deliveries set attempts = 1, sending_until = now() + interval '5 minutes'`,
    );
    await drain();
    expect(pushService.received).toHaveLength(0);
    await context.db.execute(sql`update push_deliveries set sending_until = now()`);
    await drain();
    expect(pushService.received).toHaveLength(1);
    const [delivery] = await context.db.select().from(pushDeliveries);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the member’s choices in Conta', () => {
  it('keep the confirmation of their own booking off the device; a club cancellation always goes', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra de Areia' });
    const phone = device('choices');
    await subscribe(s.holderSession.headers, phone.subscription);
    await call('PUT', '/api/portal/me/notifications', s.holderSession.headers, {
      ownBookings: false,
      reminders: false,
    });
    const booked = await book(s.holderSession.headers, s.place.id, s.at(s.day(4), '09:00'));
    expect(booked.statusCode).toBe(201);
    await drain();
    expect(pushService.received).toHaveLength(0);

    const cancelled = await call(
      'PATCH',
      `/api/backoffice/appointment/cancel/${booked.json<{ id: string }>().id}`,
      s.staffHeaders,
      { reason: 'Manutenção da quadra' },
    );
    expect(cancelled.statusCode).toBe(200);
    await drain();
    expect(pushService.received).toHaveLength(1);
    const shown = readPush(pushService.received[0]!.body, phone);
    const date = s.day(4).split('-').reverse().join('/');
    expect(shown.title).toBe(
      `Reserva alterada pelo clube: Quadra de Areia, ${date}, 09:00 — ${s.company.name}`,
    );
    expect(shown.body).toContain('cancelada. Motivo: Manutenção da quadra.');
  });

  it('turning notifications off on the device stops them there', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 4' });
    const phone = device('off');
    await subscribe(s.holderSession.headers, phone.subscription);
    const off = await call(
      'DELETE',
      unsubscribeUrl(phone.subscription.endpoint),
      s.holderSession.headers,
    );
    expect(off.json()).toMatchObject({ devices: 0 });
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '10:00'));
    await drain();
    expect(pushService.received).toHaveLength(0);
  });
});

describe('isolation', () => {
  it('a member touches only their own subscriptions, in their own club', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 5' });
    const other = await createPortalScene(context.app, { name: 'Quadra 6' });
    const phone = device('helena');
    await subscribe(s.holderSession.headers, phone.subscription);

    // Someone else naming Helena's device removes nothing of hers.
    for (const headers of [s.neighbourSession.headers, other.holderSession.headers]) {
      const response = await call('DELETE', unsubscribeUrl(phone.subscription.endpoint), headers);
      expect(response.json()).toMatchObject({ devices: 0 });
    }
    expect((await call('GET', '/api/portal/push', s.holderSession.headers)).json()).toMatchObject({
      devices: 1,
    });

    // The neighbour's own device hears nothing of Helena's booking.
    await subscribe(s.neighbourSession.headers, device('neighbour').subscription);
    await book(s.holderSession.headers, s.place.id, s.at(s.day(2), '12:00'));
    await drain();
    expect(pushService.received.map((push) => push.path)).toEqual(['/device/helena']);
  });

  it('a staff token opens no push route', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 7' });
    expect((await call('GET', '/api/portal/push', s.staffHeaders)).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('refuses a malformed subscription with a clear error, never a 500', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 8' });
    const response = await subscribe(s.holderSession.headers, {
      endpoint: 'não é endereço',
      keys: { p256dh: 'abc', auth: 'xyz' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; details: Array<{ message: string }> }>();
    expect(body.error).toBe('ValidationError');
    expect(body.details.map((detail) => detail.message)).toEqual(
      expect.arrayContaining(['Chave do aparelho inválida', 'Segredo do aparelho inválido']),
    );
  });

  it('refuses a device key that is no P-256 point, which nothing could be encrypted for', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 13' });
    const { subscription } = device('bad-key');
    const notAPoint = Buffer.alloc(65, 7);
    notAPoint[0] = 4;
    const response = await subscribe(s.holderSession.headers, {
      ...subscription,
      keys: { ...subscription.keys, p256dh: notAPoint.toString('base64url') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'PushSubscriptionInvalid',
      message: errorMessageOf('PushSubscriptionInvalid'),
    });
    expect((await call('GET', '/api/portal/push', s.holderSession.headers)).json()).toMatchObject({
      devices: 0,
    });
  });

  it("posts only to the browsers' push services: never to an address a member makes up", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://127.0.0.1/admin',
      'https://localhost/admin',
      'https://10.0.0.5/internal',
      'https://metadata.google.internal/computeMetadata/v1',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('accepts only https push services outside the tests', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 9' });
    const { subscription } = device('plain');
    await expect(
      subscribePush(context.db, {
        member: {
          associateId: s.holder.id,
          companyId: s.company.id,
          associateTitleId: s.title.id,
          isHolder: true,
        },
        publicKey: vapidKeys.publicKey,
        httpEndpoints: false,
        ...subscription,
      }),
    ).rejects.toThrow(errorMessageOf('PushEndpointInvalid'));
  });

  it('says push is off when the server has no keys', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 10' });
    await expect(
      subscribePush(context.db, {
        member: {
          associateId: s.holder.id,
          companyId: s.company.id,
          associateTitleId: s.title.id,
          isHolder: true,
        },
        publicKey: undefined,
        httpEndpoints: true,
        ...device('keyless').subscription,
      }),
    ).rejects.toThrow(errorMessageOf('PushUnavailable'));
  });
});
