/** Bad input to special days and place weeks: each answers its own code and changes nothing. */
import { placeWeeklyHours, specialDays } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createClubWithBearer, createPlace } from '../../factories';
import { build } from '../../helper';

const context = build();

const send = (method: 'POST' | 'PUT', url: string, headers: object, payload: object) =>
  context.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe('special days: bad input', () => {
  it("another club's category is a 404, in the preview and the save alike", async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const stranger = await createClubWithBearer(context.app);
    const theirs = await createCategory(context.db, stranger.company.id);
    const body = {
      companyId: company.id,
      date: '2031-12-25',
      name: 'Natal',
      categoryId: theirs.id,
    };
    for (const url of ['/api/backoffice/special-day/preview', '/api/backoffice/special-day']) {
      const response = await send('POST', url, headers, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('CategoryNotFound');
    }
    expect(
      await context.db.select().from(specialDays).where(eq(specialDays.companyId, company.id)),
    ).toHaveLength(0);
  });

  it('a preview or an edit with hours outside the day or closing first answers 400, the day unchanged', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const base = { companyId: company.id, date: '2031-02-24', name: 'Carnaval' };
    const created = await send('POST', '/api/backoffice/special-day', headers, {
      ...base,
      openTime: '08:00',
      closeTime: '14:00',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().specialDay.id as string;
    for (const hours of [
      { openTime: '14:00', closeTime: '08:00' },
      { openTime: '-01:00', closeTime: '08:00' },
      { openTime: '08:00', closeTime: '24:30' },
    ]) {
      const preview = await send('POST', '/api/backoffice/special-day/preview', headers, {
        ...base,
        ...hours,
      });
      expect(preview.statusCode).toBe(400);
      expect(preview.json().error).toBe('SpecialDayHoursInvalid');
      const edit = await send('PUT', `/api/backoffice/special-day/${id}`, headers, {
        ...base,
        ...hours,
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().error).toBe('SpecialDayHoursInvalid');
      expect(edit.json().message).toMatch(/abertura antes do fechamento/);
    }
    const [row] = await context.db.select().from(specialDays).where(eq(specialDays.id, id));
    expect([row!.openTime, row!.closeTime]).toEqual(['08:00:00', '14:00:00']);
  });

  it("a place's week closing before it opens answers 400 and keeps the week", async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const place = await createPlace(context.db, company.id);
    const url = `/api/backoffice/place/${place.id}/week`;
    const saved = await send('PUT', url, headers, {
      items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }],
    });
    expect(saved.statusCode).toBe(200);
    const bad = await send('PUT', url, headers, {
      items: [{ dayOfWeek: 'TERCA', openTime: '18:00', closeTime: '09:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('OpenTimeAfterCloseTime');
    expect(bad.json().message).toMatch(/abertura deve ser anterior/);
    const rows = await context.db
      .select()
      .from(placeWeeklyHours)
      .where(eq(placeWeeklyHours.placeId, place.id));
    expect(rows.map((row) => row.dayOfWeek)).toEqual(['SEGUNDA']);
  });
});
