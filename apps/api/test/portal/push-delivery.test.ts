import { outboxMessages, pushDeliveries, pushSubscriptions } from '@clube/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOutboxSender } from '../../src/lib/mail/outbox-sender';
import { createPortalScene } from '../factories';
import { pushScene, publicUrl, vapidKeys } from './push-scene';

const { context, pushService, call, device, subscribe, drain, vapidClaims, readPush, book } =
  pushScene();

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
