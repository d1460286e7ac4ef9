import { jobs, waitlistEntries } from '@clube/db';
import type { StaffRole } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitlistJobNames } from '../../../src/services/waitlists/job-names';
import { endPassedWaitlists } from '../../../src/services/waitlists/waitlist-jobs';
import { addStaff, bearerFor, createPortalScene, createUser } from '../../factories';
import { build } from '../../helper';

const context = build();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  while ((await context.app.jobs.runOnce()) > 0);
};

/** The neighbour holds day(2) 10:00; the holder and the dependent may join its line. */
async function takenScene() {
  const s = await createPortalScene(context.app);
  const startsAt = s.at(s.day(2), '10:00');
  const slot = { placeId: s.place.id, startsAt: startsAt.toISOString() };
  const booked = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, slot);
  expect(booked.statusCode).toBe(201);
  const join = (headers: Record<string, string>) =>
    call('POST', '/api/portal/waitlists', headers, slot);
  const entryOf = async (id: string) =>
    (await context.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
  const headersOfRole = async (role: StaffRole) => {
    const user = await createUser(context.db, { name: `Equipe ${role}` });
    await addStaff(context.db, s.company.id, user.id, role);
    return bearerFor(context.app, user.cpf);
  };
  return { ...s, startsAt, slot, booking: booked.json(), join, entryOf, headersOfRole };
}

describe('the day sheet’s waitlists', () => {
  it('counts the members in line on the taken cell, in the same answer', async () => {
    const s = await takenScene();
    await s.join(s.holderSession.headers);
    await s.join(s.dependentSession.headers);
    const sheet = await call(
      'GET',
      `/api/backoffice/day-sheet?companyId=${s.company.id}&date=${s.day(2)}`,
      s.staffHeaders,
    );
    expect(sheet.statusCode).toBe(200);
    const cells = sheet.json().categories[0].places[0].cells as Array<{
      startsAt: string;
      waitlistCount?: number;
    }>;
    const taken = cells.find((cell) => cell.startsAt === s.startsAt.toISOString());
    expect(taken?.waitlistCount).toBe(2);
    expect(cells.filter((cell) => cell.waitlistCount !== undefined)).toHaveLength(1);
  });

  it('books the slot for a member in line through the engine, for Recepção, not Consulta', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const consulta = await s.headersOfRole('consulta');
    const recepcao = await s.headersOfRole('recepcao');
    const list = await call(
      'GET',
      `/api/backoffice/waitlists?companyId=${s.company.id}&date=${s.day(2)}`,
      consulta,
    );
    expect(list.statusCode).toBe(200);
    const url = `/api/backoffice/waitlists/${first.id}/book`;
    // Taken: the engine refuses, and the entry stays in line.
    const taken = await call('POST', url, recepcao);
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'TimeAlreadyTaken']);
    expect((await s.entryOf(first.id)).status).toBe('WAITING');
    await call('PATCH', `/api/portal/bookings/${s.booking.id}/cancel`, s.neighbourSession.headers);
    expect((await call('POST', url, consulta)).statusCode).toBe(403);
    const booked = await call('POST', url, recepcao);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ associateId: s.holder.id, placeId: s.place.id });
    const entry = await s.entryOf(first.id);
    expect([entry.status, entry.appointmentId]).toEqual(['BOOKED', booked.json().id]);
    const again = await call('POST', url, recepcao);
    expect([again.statusCode, again.json().error]).toEqual([404, 'WaitlistEntryNotFound']);
  });

  it('lets Consulta read the lines but not join a member or offer by hand', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    const consulta = await s.headersOfRole('consulta');
    const join = await call('POST', '/api/backoffice/waitlists', consulta, {
      ...s.slot,
      associateId: s.dependent.id,
    });
    expect(join.statusCode).toBe(403);
    const offer = await call('POST', `/api/backoffice/waitlists/${first.id}/offer`, consulta);
    expect(offer.statusCode).toBe(403);
  });
});

describe('the club’s waitlist settings', () => {
  it('turns a category’s waitlists off, refusing joins with their own code', async () => {
    const s = await takenScene();
    const off = await call('PATCH', '/api/backoffice/category', s.staffHeaders, {
      id: s.place.categoryId,
      waitlistEnabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().waitlistEnabled).toBe(false);
    const join = await s.join(s.holderSession.headers);
    expect([join.statusCode, join.json().error]).toEqual([409, 'WaitlistDisabled']);
    await call('PATCH', '/api/backoffice/category', s.staffHeaders, {
      id: s.place.categoryId,
      waitlistEnabled: true,
    });
    expect((await s.join(s.holderSession.headers)).statusCode).toBe(201);
  });

  it('sets the most lines per title and the offer minutes, refusing out-of-range values', async () => {
    const s = await takenScene();
    const patch = (payload: object) =>
      call('PATCH', `/api/backoffice/company/${s.company.id}`, s.staffHeaders, {
        name: s.company.name,
        timezone: 'America/Sao_Paulo',
        ...payload,
      });
    for (const wrong of [
      { waitlistOfferMinutes: 0 },
      { waitlistOfferMinutes: 1441 },
      { waitlistMaxPerTitle: 0 },
      { waitlistMaxPerTitle: 51 },
    ]) {
      const refused = await patch(wrong);
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'ValidationError']);
    }
    const tooLong = await patch({ waitlistOfferMinutes: 1441 });
    expect(JSON.stringify(tooLong.json())).toContain('Máximo 1440 minutos');
    const saved = await patch({ waitlistOfferMinutes: 5, waitlistMaxPerTitle: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ waitlistOfferMinutes: 5, waitlistMaxPerTitle: 1 });

    const first = await s.join(s.holderSession.headers);
    expect(first.statusCode).toBe(201);
    const limited = await s.join(s.dependentSession.headers);
    expect([limited.statusCode, limited.json().error]).toEqual([409, 'WaitlistLimitReached']);

    await call('PATCH', `/api/portal/bookings/${s.booking.id}/cancel`, s.neighbourSession.headers);
    await runJobs();
    const offered = await s.entryOf(first.json().id);
    expect(offered.status).toBe('OFFERED');
    const minutes = (offered.offerExpiresAt!.getTime() - offered.offeredAt!.getTime()) / 60_000;
    expect(minutes).toBe(5);
  });
});

describe('a line whose slot passes', () => {
  it('ends, by the scheduled job, and leaves the portal', async () => {
    const s = await takenScene();
    const first = (await s.join(s.holderSession.headers)).json();
    // The slot starts: every entry still in line ends.
    await context.db.execute(
      sql`update waitlist_entries set starts_at = now() - interval '1 minute',
        ends_at = now() + interval '59 minutes' where id = ${first.id}::uuid`,
    );
    // The runner knows the job: queued as its schedule queues it each minute, it runs.
    await context.db.insert(jobs).values({
      name: waitlistJobNames.endPassed,
      key: `${waitlistJobNames.endPassed}:test-${first.id}`,
    });
    await runJobs();
    const entry = await s.entryOf(first.id);
    expect(entry.status).toBe('ENDED');
    expect(entry.endedAt).not.toBeNull();
    const list = await call('GET', '/api/portal/waitlists', s.holderSession.headers);
    expect(list.json().items).toEqual([]);
    expect(await endPassedWaitlists(context.db)).toBe(0);
  });
});
