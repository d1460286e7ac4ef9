import { appointments, jobs, waitlistEntries } from '@clube/db';
import { clubInstant, formatCpf } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createAssociate, createPlace, memberPassword } from '../factories';
import { requestJson } from '../server-process';
import { openClub, useServerPair } from './server-pair';

/**
 * Waitlists across two API processes on one PostgreSQL (docs/domain.md, "Waitlists"): freed
 * slots raced by cancellations, outsiders' bookings, acceptances on both processes at once and
 * expiries worked by either process's runner are each booked at most once, offered one at a
 * time, in line order. Collected only when DATABASE_URL is set (vitest.config.ts).
 */

const until = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the runners');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('waitlists across two API processes', () => {
  // One after the other: the first migrates, the second finds it done.
  const pair = useServerPair({ start: 'in turn', processPoolSize: 8, testPoolSize: 4 });

  it('books each freed slot at most once, offering it one at a time in line order', async () => {
    const [a, b] = pair.urls;
    const { db, company, token, date } = await openClub(pair);
    const place = await createPlace(db, company.id);
    const slots = ['08:00', '09:00', '10:00', '11:00'].map((time) => {
      const startsAt = clubInstant(date, time, company.timezone);
      return { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
    });
    const holders = await Promise.all(slots.map(() => createAssociate(db, company.id)));
    const bookings = await Promise.all(
      slots.map((slot, index) =>
        createAppointment(db, { place, associate: holders[index]!, ...slot }),
      ),
    );
    const outsider = await createAssociate(db, company.id);
    // Three in line per slot, joined one after another: the line's order is known.
    const lines: Array<Array<{ id: string; cpf: string; entryId: string }>> = [];
    for (const slot of slots) {
      const line = [];
      for (let index = 0; index < 3; index += 1) {
        const member = await createAssociate(db, company.id, { password: memberPassword });
        const joined = await requestJson(`${b}/api/backoffice/waitlists`, {
          token,
          body: {
            placeId: place.id,
            associateId: member.id,
            startsAt: slot.startsAt.toISOString(),
          },
        });
        expect(joined.status).toBe(201);
        line.push({ id: member.id, cpf: member.cpf, entryId: joined.body.id as string });
      }
      lines.push(line);
    }

    // Cancellations on one process while an outsider books the same slots on both.
    const raced = await Promise.all(
      slots.flatMap((slot, index) => [
        requestJson(`${a}/api/backoffice/appointment/cancel/${bookings[index]!.id}`, {
          method: 'PATCH',
          token,
          body: { reason: 'Desistência' },
        }),
        ...[a, b].map((url) =>
          requestJson(`${url}/api/backoffice/appointment`, {
            token,
            body: {
              placeId: place.id,
              associateId: outsider.id,
              cardId: outsider.cardId,
              startsAt: slot.startsAt.toISOString(),
              endsAt: slot.endsAt.toISOString(),
            },
          }),
        ),
      ]),
    );
    const outsiders = raced.filter((_, index) => index % 3 !== 0);
    expect(outsiders.map((response) => response.body.error)).toEqual(
      outsiders.map(() => 'TimeAlreadyTaken'),
    );
    const allEntryIds = lines.flat().map((member) => member.entryId);
    const offeredNow = () =>
      db
        .select()
        .from(waitlistEntries)
        .where(
          and(inArray(waitlistEntries.id, allEntryIds), eq(waitlistEntries.status, 'OFFERED')),
        );
    await until(async () => (await offeredNow()).length === slots.length);
    expect((await offeredNow()).map((entry) => entry.id).sort()).toEqual(
      lines.map((line) => line[0]!.entryId).sort(),
    );

    // The first in line accepts on both processes at once; half the offers expire meanwhile.
    const sessions = await Promise.all(
      lines.map(async (line) => {
        const response = await requestJson(`${a}/api/portal/auth/login`, {
          body: { cpf: formatCpf(line[0]!.cpf), password: memberPassword },
        });
        return response.body.access_token as string;
      }),
    );
    const expiring = lines.slice(2).map((line) => line[0]!.entryId);
    await db
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(inArray(waitlistEntries.id, expiring));
    await db
      .update(jobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          jobs.key,
          expiring.map((id) => `waitlist-expiry:${id}`),
        ),
      );
    const accepts = await Promise.all(
      lines.flatMap((line, index) =>
        [a, b].map((url) =>
          requestJson(`${url}/api/portal/waitlists/${line[0]!.entryId}/accept`, {
            token: sessions[index]!,
            body: {},
          }),
        ),
      ),
    );
    // The two offers still running are booked once each; an expired one never.
    for (const index of [0, 1]) {
      const statuses = [accepts[index * 2]!, accepts[index * 2 + 1]!].map((r) => r.status).sort();
      expect(statuses[0]).toBe(201);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
    }
    for (const index of [2, 3])
      expect([accepts[index * 2]!.status, accepts[index * 2 + 1]!.status]).not.toContain(201);

    // The expired offers went to the second in line (either process's runner).
    await until(async () => {
      const rows = await db
        .select()
        .from(waitlistEntries)
        .where(
          inArray(
            waitlistEntries.id,
            lines.slice(2).map((line) => line[1]!.entryId),
          ),
        );
      return rows.every((row) => row.status === 'OFFERED');
    });
    for (const [index, slot] of slots.entries()) {
      const occupying = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.placeId, place.id),
            eq(appointments.startsAt, slot.startsAt),
            sql`${appointments.status} <> 'CANCELLED'`,
          ),
        );
      expect(occupying.length).toBeLessThanOrEqual(1);
      if (index < 2) expect(occupying[0]?.associateId).toBe(lines[index]![0]!.id);
      else expect(occupying).toEqual([]);
      const entries = await db
        .select()
        .from(waitlistEntries)
        .where(
          inArray(
            waitlistEntries.id,
            lines[index]!.map((member) => member.entryId),
          ),
        );
      const offered = entries
        .filter((entry) => entry.offeredAt)
        .sort((x, y) => x.offeredAt!.getTime() - y.offeredAt!.getTime());
      // Offered in line order, never two at once.
      expect(offered.map((entry) => entry.id)).toEqual(
        lines[index]!.slice(0, offered.length).map((member) => member.entryId),
      );
      expect(entries.filter((entry) => entry.status === 'OFFERED').length).toBeLessThanOrEqual(1);
    }
  }, 240_000);
});
