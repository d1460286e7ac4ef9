import { errorMessageOf } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint, subscribePush } from '../../src/services/portal/push-subscriptions';
import { createPortalScene } from '../factories';
import { pushScene, vapidKeys } from './push-scene';

const { context, pushService, call, device, unsubscribeUrl, subscribe, drain, readPush, book } =
  pushScene();

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
