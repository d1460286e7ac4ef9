import { auditEvents, companies, titleSuspensions } from '@clube/db';
import { clubInstant } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../helper';
import { frontDeskScene, minutes, days, timezone, anchor, bodyOf } from './front-desk-scene';

const context = build();
const { scene, patch, noShow, undo, lift } = frontDeskScene(context);
afterEach(() => vi.useRealTimers());

describe('no-show suspension policy', () => {
  async function policyScene(policy: { count: number | null; windowDays: number; days: number }) {
    const s = await scene();
    await context.db
      .update(companies)
      .set({
        noShowSuspensionCount: policy.count,
        noShowWindowDays: policy.windowDays,
        noShowSuspensionDays: policy.days,
      })
      .where(eq(companies.id, s.company.id));
    return s;
  }

  it('suspends on the Nth no-show within the window: not before, not counting older ones', async () => {
    const { booking, headersAt, associate } = await policyScene({
      count: 2,
      windowDays: 10,
      days: 7,
    });
    const outside = await booking(new Date(anchor.getTime() - days(12)));
    const inside = await booking(new Date(anchor.getTime() - days(5)));
    const today = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);

    expect((await noShow(headers, outside.id)).json().titleSuspendedUntil).toBeNull();
    // One no-show in the window (the other started 12 days ago): not yet.
    expect((await noShow(headers, inside.id)).json().titleSuspendedUntil).toBeNull();
    expect(
      await context.db
        .select()
        .from(titleSuspensions)
        .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId)),
    ).toEqual([]);

    const response = await noShow(headers, today.id);
    const until = new Date(anchor.getTime() + days(7)).toISOString();
    expect(response.json().titleSuspendedUntil).toBe(until);
    const rows = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(rows).toMatchObject([{ cause: 'no-shows', endsAt: new Date(until), liftedAt: null }]);
    const events = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, associate.associateTitleId),
          eq(auditEvents.action, 'associate-title.suspend'),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it('is off by default', async () => {
    const { booking, headersAt, associate } = await scene();
    const headers = await headersAt(anchor);
    for (const offset of [1, 2, 3, 4]) {
      const appointment = await booking(new Date(anchor.getTime() - days(offset)));
      expect((await noShow(headers, appointment.id)).json().titleSuspendedUntil).toBeNull();
    }
    expect(
      await context.db
        .select()
        .from(titleSuspensions)
        .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId)),
    ).toEqual([]);
  });

  it('refuses bookings with TitleSuspended and the end date; lifted early, the title books again', async () => {
    const { booking, headersAt, associate, place, staff } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 3,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);
    expect((await noShow(headers, missed.id)).statusCode).toBe(200);

    const body = bodyOf(associate, place, clubInstant('2026-06-11', '10:00', timezone));
    const checked = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment/check',
      headers,
      payload: body,
    });
    const until = new Date(anchor.getTime() + days(3)).toISOString();
    expect(checked.json().failures).toEqual([
      {
        code: 'TitleSuspended',
        message: 'O título está suspenso por faltas até 13/06/2026.',
        params: { endDate: '13/06/2026' },
        until,
        from: '2026-06-13',
      },
    ]);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'TitleSuspended', details: { until } });

    const summary = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/id/${associate.id}/appointments-summary`,
      headers,
    });
    expect(summary.json().suspension).toMatchObject({ cause: 'no-shows', endsAt: until });

    const lifted = await lift(headers, associate.associateTitleId);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ lifted: 1 });
    const [row] = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(row).toMatchObject({ liftedBy: staff.id, liftedAt: anchor });
    const booked = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: body,
    });
    expect(booked.statusCode).toBe(201);
    const none = await lift(headers, associate.associateTitleId);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('SuspensionNotFound');
  });

  it('the suspension ends by itself at its end', async () => {
    const { booking, headersAt, associate, place } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 1,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    expect((await noShow(await headersAt(anchor), missed.id)).statusCode).toBe(200);
    const headers = await headersAt(new Date(anchor.getTime() + days(1)));
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: bodyOf(associate, place, clubInstant('2026-06-12', '10:00', timezone)),
    });
    expect(response.statusCode).toBe(201);
  });

  it('undoing the no-show that caused a suspension lifts it', async () => {
    const { booking, headersAt, associate } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 3,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);
    expect((await noShow(headers, missed.id)).json().titleSuspendedUntil).not.toBeNull();
    expect((await undo(headers, missed.id)).statusCode).toBe(200);
    const [row] = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(row?.liftedAt).toEqual(anchor);
  });
});

describe('club settings: the no-show policy', () => {
  it('reads and updates the policy; 0 turns the suspension off', async () => {
    const { company, headersAt } = await scene();
    const headers = await headersAt(anchor);
    const url = `/api/backoffice/company/${company.id}`;
    const base = { name: company.name, timezone };
    const updated = await patch(headers, url, {
      ...base,
      noShowToleranceMinutes: 20,
      noShowSuspensionCount: 3,
      noShowWindowDays: 15,
      noShowSuspensionDays: 10,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      noShowToleranceMinutes: 20,
      noShowSuspensionCount: 3,
      noShowWindowDays: 15,
      noShowSuspensionDays: 10,
    });
    const off = await patch(headers, url, { ...base, noShowSuspensionCount: 0 });
    expect(off.json()).toMatchObject({ noShowSuspensionCount: null, noShowToleranceMinutes: 20 });
    const invalid = await patch(headers, url, { ...base, noShowWindowDays: 0 });
    expect(invalid.statusCode).toBe(400);
  });
});
