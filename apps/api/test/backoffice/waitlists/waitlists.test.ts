import { categories, companies, jobs, outboxMessages, waitlistEntries } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createBlockedTime,
  createClubWithBearer,
  createOperatingHours,
  createPlace,
  createPortalScene,
} from '../../factories';
import { build } from '../../helper';

const context = build();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  while ((await context.app.jobs.runOnce()) > 0);
};

/** A portal scene where the neighbour holds day(2) 10:00 through the portal. */
async function takenScene() {
  const s = await createPortalScene(context.app);
  const startsAt = s.at(s.day(2), '10:00');
  const slot = { placeId: s.place.id, startsAt: startsAt.toISOString() };
  const booked = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, slot);
  expect(booked.statusCode).toBe(201);
  const join = (headers: Record<string, string>, body: object = slot) =>
    call('POST', '/api/portal/waitlists', headers, body);
  const entryOf = async (id: string) =>
    (await context.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
  return { ...s, startsAt, slot, booking: booked.json(), join, entryOf };
}

describe('POST /api/portal/waitlists', () => {
  it('puts members of a taken slot in line, in order, each once', async () => {
    const s = await takenScene();
    const first = await s.join(s.holderSession.headers);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      place: { id: s.place.id },
      associate: { id: s.holder.id, name: 'Helena Titular' },
      startsAt: s.startsAt.toISOString(),
      status: 'WAITING',
      position: 1,
      offerExpiresAt: null,
    });
    const second = await s.join(s.dependentSession.headers);
    expect(second.json()).toMatchObject({ position: 2, associate: { id: s.dependent.id } });
    const twice = await s.join(s.holderSession.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('WaitlistAlreadyJoined');
    const list = await call('GET', '/api/portal/waitlists', s.holderSession.headers);
    expect(list.json().items.map((item: { position: number }) => item.position)).toEqual([1, 2]);
    const own = await call('GET', '/api/portal/waitlists', s.dependentSession.headers);
    expect(own.json().items).toHaveLength(1);
  });

  it('refuses a free, past or blocked slot, and another club’s place, changing nothing', async () => {
    const s = await takenScene();
    const free = await s.join(s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: s.at(s.day(2), '11:00').toISOString(),
    });
    expect([free.statusCode, free.json().error]).toEqual([409, 'WaitlistSlotFree']);
    const pastStart = s.at(s.day(-1), '10:00');
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: pastStart,
      endsAt: new Date(pastStart.getTime() + 3_600_000),
    });
    const past = await s.join(s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: pastStart.toISOString(),
    });
    expect([past.statusCode, past.json().error]).toEqual([409, 'WaitlistSlotPast']);
    const blockedStart = s.at(s.day(2), '14:00');
    await createBlockedTime(context.db, s.place, {
      startsAt: blockedStart,
      endsAt: new Date(blockedStart.getTime() + 3_600_000),
    });
    const blocked = await s.join(s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: blockedStart.toISOString(),
    });
    expect([blocked.statusCode, blocked.json().error]).toEqual([409, 'WaitlistSlotBlocked']);
    const other = await createClubWithBearer(context.app);
    await createOperatingHours(context.db, other.company.id);
    const otherPlace = await createPlace(context.db, other.company.id);
    const foreign = await s.join(s.holderSession.headers, {
      placeId: otherPlace.id,
      startsAt: s.startsAt.toISOString(),
    });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'PlaceNotFound']);
    const rows = await context.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.associateTitleId, s.title.id));
    expect(rows).toEqual([]);
  });

  it('lists every rule the booking would fail, like a refused booking', async () => {
    const s = await takenScene();
    await s.blockTitle('Mensalidade em atraso');
    const refused = await s.join(s.holderSession.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('TitleBlocked');
    expect(refused.json().details.failures.map((f: { code: string }) => f.code)).toEqual([
      'TitleBlocked',
    ]);
  });

  it('honours the club’s most waitlists per title and the category’s switch', async () => {
    const s = await takenScene();
    await context.db
      .update(companies)
      .set({ waitlistMaxPerTitle: 1 })
      .where(eq(companies.id, s.company.id));
    expect((await s.join(s.holderSession.headers)).statusCode).toBe(201);
    const limited = await s.join(s.dependentSession.headers);
    expect([limited.statusCode, limited.json().error]).toEqual([409, 'WaitlistLimitReached']);
    expect(limited.json().message).toContain('1 listas de espera');
    await context.db
      .update(categories)
      .set({ waitlistEnabled: false })
      .where(eq(categories.id, s.place.categoryId));
    const off = await s.join(s.neighbourSession.headers, {
      ...s.slot,
      startsAt: s.at(s.day(2), '10:00').toISOString(),
    });
    expect(off.json().error).toBe('WaitlistDisabled');
  });
});

describe('offers', () => {
  it('offers a cancelled slot to the first in line, holds it, and books it on acceptance', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const second = (await s.join(s.dependentSession.headers)).json();
    const cancelled = await call(
      'PATCH',
      `/api/portal/bookings/${s.booking.id}/cancel`,
      s.neighbourSession.headers,
    );
    expect(cancelled.statusCode).toBe(200);
    // Freed, the slot is the line's even before the offer is made.
    const before = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, s.slot);
    expect([before.statusCode, before.json().error]).toEqual([409, 'TimeAlreadyTaken']);
    await runJobs();
    const offered = await s.entryOf(first.id);
    expect(offered.status).toBe('OFFERED');
    const minutes = (offered.offerExpiresAt!.getTime() - offered.offeredAt!.getTime()) / 60_000;
    expect(minutes).toBe(15);
    expect((await s.entryOf(second.id)).status).toBe('WAITING');
    const [message] = await context.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.associateId, s.holder.id), eq(outboxMessages.kind, 'waitlist-offer')),
      );
    expect(message?.subject).toContain('Horário liberado para você');
    // Held: nobody else books it while the offer lasts.
    const other = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, s.slot);
    expect([other.statusCode, other.json().error]).toEqual([409, 'TimeAlreadyTaken']);
    // Someone else's offer is nobody else's to answer.
    const foreign = await call(
      'POST',
      `/api/portal/waitlists/${first.id}/accept`,
      s.neighbourSession.headers,
    );
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'WaitlistEntryNotFound']);
    const early = await call(
      'POST',
      `/api/portal/waitlists/${second.id}/accept`,
      s.dependentSession.headers,
    );
    expect([early.statusCode, early.json().error]).toEqual([409, 'WaitlistOfferNotActive']);
    const accepted = await call(
      'POST',
      `/api/portal/waitlists/${first.id}/accept`,
      s.holderSession.headers,
    );
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      associate: { id: s.holder.id },
      startsAt: s.startsAt.toISOString(),
      status: 'SCHEDULED',
    });
    expect(await s.entryOf(first.id)).toMatchObject({
      status: 'BOOKED',
      appointmentId: accepted.json().id,
    });
  });

  it('moves the offer to the next when refused, expired or left', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const second = (await s.join(s.dependentSession.headers)).json();
    await call('PATCH', `/api/portal/bookings/${s.booking.id}/cancel`, s.neighbourSession.headers);
    await runJobs();
    const refused = await call(
      'POST',
      `/api/portal/waitlists/${first.id}/refuse`,
      s.holderSession.headers,
    );
    expect(refused.statusCode).toBe(200);
    expect((await s.entryOf(first.id)).status).toBe('REFUSED');
    expect((await s.entryOf(second.id)).status).toBe('OFFERED');
    // The second's minutes run out: the expiry job (due now) ends it.
    await context.db
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistEntries.id, second.id));
    await context.db
      .update(jobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, `waitlist-expiry:${second.id}`));
    await runJobs();
    expect((await s.entryOf(second.id)).status).toBe('EXPIRED');
    const late = await call(
      'POST',
      `/api/portal/waitlists/${second.id}/accept`,
      s.dependentSession.headers,
    );
    expect([late.statusCode, late.json().error]).toEqual([409, 'WaitlistOfferExpired']);
    // Nobody in line now: the slot is free for anybody again.
    const anyone = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, s.slot);
    expect(anyone.statusCode).toBe(201);
  });

  it('gives a left offer to the next in line', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const second = (await s.join(s.dependentSession.headers)).json();
    await call('PATCH', `/api/portal/bookings/${s.booking.id}/cancel`, s.neighbourSession.headers);
    await runJobs();
    const left = await call('DELETE', `/api/portal/waitlists/${first.id}`, s.holderSession.headers);
    expect(left.statusCode).toBe(200);
    expect((await s.entryOf(first.id)).status).toBe('LEFT');
    expect((await s.entryOf(second.id)).status).toBe('OFFERED');
    const again = await call(
      'DELETE',
      `/api/portal/waitlists/${first.id}`,
      s.holderSession.headers,
    );
    expect(again.json().error).toBe('WaitlistEntryNotFound');
  });
});

describe('/api/backoffice/waitlists', () => {
  it('lists a day’s lines to the club’s staff only, and offers by hand', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const second = (await s.join(s.dependentSession.headers)).json();
    const url = `/api/backoffice/waitlists?companyId=${s.company.id}&date=${s.day(2)}`;
    const list = await call('GET', url, s.staffHeaders);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([
      { id: first.id, position: 1, associate: { name: 'Helena Titular' } },
      { id: second.id, position: 2, associate: { name: 'Davi Dependente' } },
    ]);
    const other = await createClubWithBearer(context.app);
    expect((await call('GET', url, other.headers)).statusCode).toBe(404);
    // Taken: nothing to offer yet.
    const taken = await call(
      'POST',
      `/api/backoffice/waitlists/${second.id}/offer`,
      s.staffHeaders,
    );
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'WaitlistOfferNotActive']);
    await context.db.execute(
      sql`update appointments set status = 'CANCELLED', cancelled_at = now() where id = ${s.booking.id}::uuid`,
    );
    const byHand = await call(
      'POST',
      `/api/backoffice/waitlists/${second.id}/offer`,
      s.staffHeaders,
    );
    expect(byHand.statusCode).toBe(200);
    expect(byHand.json()).toMatchObject({ id: second.id, status: 'OFFERED' });
    expect((await s.entryOf(first.id)).status).toBe('WAITING');
    const foreign = await call(
      'POST',
      `/api/backoffice/waitlists/${first.id}/offer`,
      other.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('puts a member in line for staff, with the same rules', async () => {
    const s = await takenScene();
    const joined = await call('POST', '/api/backoffice/waitlists', s.staffHeaders, {
      ...s.slot,
      associateId: s.holder.id,
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ position: 1, associate: { id: s.holder.id } });
    const free = await call('POST', '/api/backoffice/waitlists', s.staffHeaders, {
      placeId: s.place.id,
      startsAt: s.at(s.day(2), '12:00').toISOString(),
      associateId: s.holder.id,
    });
    expect(free.json().error).toBe('WaitlistSlotFree');
  });
});
