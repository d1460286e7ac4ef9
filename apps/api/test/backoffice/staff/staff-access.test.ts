import { companyStaff, places } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClubWithBearer, createClubWithStaff, createPlace } from '../../factories';
import { build } from '../../helper';
import { staffUrl } from './staff-scene';

const context = build();

describe('staff of a club', () => {
  it('answers 403 for a club of the caller whose role lacks the permission, whatever their role elsewhere', async () => {
    const { company: managed, headers } = await createClubWithBearer(context.app);
    const { company: frontDesk } = await createClubWithStaff(context.db);
    const [me] = await context.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.companyId, managed.id));
    await context.db
      .insert(companyStaff)
      .values({ companyId: frontDesk.id, userId: me!.userId, role: 'recepcao' });
    const settings = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/company/${frontDesk.id}`,
      headers,
      payload: { name: 'Tomado', timezone: 'America/Sao_Paulo' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error).toBe('PermissionDenied');
    const team = await context.app.inject({ url: staffUrl(frontDesk.id), headers });
    expect(team.statusCode).toBe(403);
    // Their own club's settings stay open to them.
    const own = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/company/${managed.id}`,
      headers,
      payload: { name: 'Meu clube', timezone: 'America/Sao_Paulo' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers 403 for a row addressed by id alone in a club where the role lacks the permission, 404 where the person is not staff', async () => {
    const { company: managed, headers } = await createClubWithBearer(context.app);
    const { company: frontDesk } = await createClubWithStaff(context.db);
    const { company: elsewhere } = await createClubWithStaff(context.db);
    const [me] = await context.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.companyId, managed.id));
    await context.db
      .insert(companyStaff)
      .values({ companyId: frontDesk.id, userId: me!.userId, role: 'recepcao' });
    const placeOf = async (companyId: string) => createPlace(context.db, companyId);
    const atFrontDesk = await placeOf(frontDesk.id);
    const atElsewhere = await placeOf(elsewhere.id);

    const archive = (placeId: string) =>
      context.app.inject({ method: 'DELETE', url: `/api/backoffice/place/${placeId}`, headers });
    const refused = await archive(atFrontDesk.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PermissionDenied');
    const category = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${atFrontDesk.categoryId}`,
      headers,
    });
    expect(category.statusCode).toBe(403);
    const [kept] = await context.db.select().from(places).where(eq(places.id, atFrontDesk.id));
    expect(kept!.archivedAt).toBeNull();

    // A club they are not staff of, and a row that does not exist: 404 alike.
    const foreign = await archive(atElsewhere.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('PlaceNotFound');
    expect((await archive(crypto.randomUUID())).statusCode).toBe(404);
    // What the role allows at the front desk still answers as before.
    const read = await context.app.inject({
      url: `/api/backoffice/place/${atFrontDesk.id}`,
      headers,
    });
    expect(read.statusCode).toBe(200);
  });
});
