import { appointments, auditEvents, places } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate, createPlace } from '../../factories';
import { build } from '../../helper';
import { placesScene } from './places-scene';

const context = build();
const { clubWithHeaders } = placesScene(context);

describe('DELETE /api/backoffice/place/:id', () => {
  async function bookAppointment(companyId: string, placeId: string, startsAt: Date) {
    const associate = await createAssociate(context.db, companyId);
    await context.db.insert(appointments).values({
      companyId,
      placeId,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
    });
  }

  it('archives a place with only past appointments: gone from lists, row and history kept', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    const history = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.placeId, place.id));
    expect(history).toHaveLength(1);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${company.id}`,
      headers,
    });
    expect(list.json().items).toEqual([]);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, place.id), eq(auditEvents.action, 'place.archive')));
    expect(audit).toHaveLength(1);
  });

  it('refuses while a SCHEDULED appointment is still ahead (409)', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() + 24 * 3600 * 1000));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'PlaceHasFutureAppointments',
      message: 'O espaço tem agendamentos futuros. Cancele-os antes de excluir.',
    });
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeNull();
  });

  it('ignores cancelled future appointments', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() + 24 * 3600 * 1000));
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.placeId, place.id));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for another club's place and leaves it active", async () => {
    const mine = await clubWithHeaders();
    const theirs = await clubWithHeaders();
    const place = await createPlace(context.db, theirs.company.id);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeNull();
  });
});
