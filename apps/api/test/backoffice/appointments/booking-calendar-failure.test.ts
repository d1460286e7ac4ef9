import { Writable } from 'node:stream';
import { outboxMessages } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createPortalScene } from '../../factories';
import { build } from '../../helper';

/**
 * The confirmation's calendar file is built in the booking's transaction: a failure to build it
 * must never fail the booking. Here the `ics` package refuses every event (as it refused a local
 * portal address once, and a booking answered 500).
 */
vi.mock('ics', () => ({
  createEvent: () => ({ error: new Error('ics refused the event'), value: undefined }),
}));

const logged: Array<Record<string, unknown>> = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    logged.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    callback();
  },
});
const publicUrl = 'https://reservas.clube.test';
const context = build({ publicUrl }, { logger: { level: 'warn', stream } });

describe('a confirmation whose calendar file cannot be made', () => {
  it('lets the booking succeed, queues the message without the attachment, and logs why', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra 7' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: s.holderSession.headers,
      payload: { placeId: s.place.id, startsAt: s.at(s.day(3), '10:00').toISOString() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;

    const [message] = await context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.associateId, s.holder.id));
    expect(message).toMatchObject({ kind: 'booking-confirmed', attachments: [] });
    expect(message!.textBody).toContain('Sua reserva está confirmada:');
    expect(message!.textBody).not.toContain('reserva.ics');

    const warning = logged.find((line) => line.appointmentId === id);
    expect(warning).toMatchObject({
      level: 40,
      msg: 'booking confirmation queued without its calendar file: it could not be made',
      err: { message: 'ics refused the event' },
    });
  });
});
