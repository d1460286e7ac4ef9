/**
 * Front desk: check-in, no-show, undo, the no-show suspension policy and the TitleSuspended
 * booking rule. Only Date is faked: every instant below is placed relative to a fixed "now" in
 * São Paulo (no daylight saving), so nothing depends on when the tests run.
 */
import { auditEvents } from '@clube/db';
import { clubInstant } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from '../../factories';
import { type BuiltApp } from '../../helper';

export const minutes = (count: number) => count * 60_000;
export const days = (count: number) => count * 86_400_000;
export const timezone = 'America/Sao_Paulo';
/** 2026-06-10 14:00 in the club. */
export const anchor = clubInstant('2026-06-10', '14:00', timezone);

export type Headers = Record<string, string>;

export const bodyOf = (
  who: { id: string; cardId: string },
  place: { id: string },
  startsAt: Date,
) => ({
  associateId: who.id,
  placeId: place.id,
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + minutes(60)).toISOString(),
  cardId: who.cardId,
});

/** The helpers bound to a test file's app and database. */
export function frontDeskScene(context: BuiltApp) {
  /** Moves the clock and answers a fresh staff header (a token signed "now" stays valid). */
  async function at(instant: Date, cpf: string): Promise<Headers> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
    return bearerFor(context.app, cpf);
  }

  async function scene(placeValues: Parameters<typeof createPlace>[2] = {}) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(anchor);
    const { company, staff } = await createClubWithStaff(context.db, { timezone });
    await createOperatingHours(context.db, company.id);
    const place = await createPlace(context.db, company.id, placeValues);
    const associate = await createAssociate(context.db, company.id, { name: 'Maria Associada' });
    /** A SCHEDULED booking of the associate starting at an instant, one hour long. */
    const booking = (startsAt: Date, who = associate) =>
      createAppointment(context.db, {
        place,
        associate: who,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes(60)),
      });
    const headersAt = (instant: Date) => at(instant, staff.cpf);
    return { company, staff, place, associate, booking, headersAt };
  }

  const patch = (headers: Headers, url: string, payload?: object) =>
    context.app.inject({ method: 'PATCH', url, headers, ...(payload ? { payload } : {}) });
  const checkIn = (headers: Headers, id: string) =>
    patch(headers, `/api/backoffice/appointment/${id}/check-in`);
  const noShow = (headers: Headers, id: string) =>
    patch(headers, `/api/backoffice/appointment/${id}/no-show`);
  const undo = (headers: Headers, id: string) =>
    patch(headers, `/api/backoffice/appointment/${id}/undo-attendance`);
  const lift = (headers: Headers, titleId: string) =>
    patch(headers, `/api/backoffice/associate-title/${titleId}/lift-suspension`);

  const auditOf = (id: string) =>
    context.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
  return { at, scene, patch, checkIn, noShow, undo, lift, auditOf };
}
