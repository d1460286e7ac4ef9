import { appointments, auditEvents } from '@clube/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createPlace,
} from '../../factories';
import { lockPlace } from '../../../src/lib/place-lock';
import { listBookings } from '../../../src/services/portal/list-bookings';
import { build } from '../../helper';
import { blockImpactScene, block, ten, eleven } from './block-impact-scene';

const context = build();
const { scene, preview, single, bulk, appointment, blocksOf } = blockImpactScene(context);

describe('creating a block over bookings', () => {
  it('refuses while any booking is unresolved, listing it, and changes nothing', async () => {
    const s = await scene();
    const response = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [{ appointmentId: s.anaAtTen.id, action: 'cancel' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'BlockConflictsWithAppointments',
      message: expect.stringContaining('escolha manter, cancelar ou mover'),
      details: {
        appointments: [
          { id: s.brunoAtEleven.id, associate: { name: 'Bruno Reis' }, placeName: 'Quadra A' },
        ],
      },
    });
    expect(response.json().details.appointments).toHaveLength(1);
    expect((await appointment(s.anaAtTen.id)).status).toBe('SCHEDULED');
    expect(await blocksOf(s.a.id)).toHaveLength(0);
  });

  it('keeps a booking by leaving its time out of the block', async () => {
    const s = await scene();
    const response = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'keep' },
        { appointmentId: s.brunoAtEleven.id, action: 'cancel' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.kept.map((item: { appointmentId: string }) => item.appointmentId)).toEqual([
      s.anaAtTen.id,
    ]);
    expect(body.cancelled.map((item: { appointmentId: string }) => item.appointmentId)).toEqual([
      s.brunoAtEleven.id,
    ]);
    // Only 11:00–12:00 is blocked: Ana's 10:00 stays valid.
    const blocks = await blocksOf(s.a.id);
    expect(blocks.map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()])).toEqual([
      ['2030-03-04T14:00:00.000Z', '2030-03-04T15:00:00.000Z'],
    ]);
    expect((await appointment(s.anaAtTen.id)).status).toBe('SCHEDULED');
    expect(await appointment(s.brunoAtEleven.id)).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Torneio interno',
    });
  });

  it('splits a block in two around a kept booking in its middle, on every week', async () => {
    const s = await scene();
    const response = await single(s.headers, {
      description: 'Aula',
      startAt: '2030-03-04T12:00:00.000Z',
      endsAt: '2030-03-04T16:00:00.000Z',
      placeId: s.a.id,
      recurrence: { weekly: true, until: '2030-03-11' },
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'keep' },
        { appointmentId: s.brunoAtEleven.id, action: 'keep' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const blocks = await blocksOf(s.a.id);
    expect(blocks.map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()])).toEqual([
      ['2030-03-04T12:00:00.000Z', '2030-03-04T13:00:00.000Z'],
      ['2030-03-04T15:00:00.000Z', '2030-03-04T16:00:00.000Z'],
      ['2030-03-11T12:00:00.000Z', '2030-03-11T16:00:00.000Z'],
    ]);
    expect(new Set(blocks.map((row) => row.recurrenceId)).size).toBe(1);
  });

  it('moves a booking to a free place of its category, unchanged otherwise, audited', async () => {
    const s = await scene();
    const before = await appointment(s.anaAtTen.id);
    const response = await bulk(s.headers, {
      ...block,
      placeIds: [s.a.id],
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'move', placeId: s.b.id },
        { appointmentId: s.brunoAtEleven.id, action: 'move', placeId: s.b.id },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().moved).toEqual([
      {
        appointmentId: s.anaAtTen.id,
        associate: { id: s.ana.id, name: 'Ana Souza', cardId: s.ana.cardId },
        place: { id: s.a.id, name: 'Quadra A' },
        to: { id: s.b.id, name: 'Quadra B' },
        startsAt: '2030-03-04T13:00:00.000Z',
        endsAt: '2030-03-04T14:00:00.000Z',
      },
      expect.objectContaining({ appointmentId: s.brunoAtEleven.id, to: expect.anything() }),
    ]);
    const after = await appointment(s.anaAtTen.id);
    // The member's calendar event moves too: its SEQUENCE is raised.
    expect(after).toEqual({
      ...before,
      placeId: s.b.id,
      calendarSequence: before!.calendarSequence + 1,
    });
    // The whole block stands: nothing of A is kept.
    expect(await blocksOf(s.a.id)).toHaveLength(1);

    const [audit] = await context.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, s.anaAtTen.id), eq(auditEvents.action, 'appointment.move')),
      );
    expect(audit).toMatchObject({
      actorUserId: s.staff.id,
      placeId: s.a.id,
      associateId: s.ana.id,
      data: {
        before: { place: s.a.name },
        after: { place: s.b.name },
        description: 'Torneio interno',
      },
    });
  });

  it('never moves into a taken or blocked slot, nor twice into the same one', async () => {
    const s = await scene();
    const carla = await createAssociate(context.database.db, s.company.id, { name: 'Carla' });
    await createAppointment(context.database.db, { place: s.b, associate: carla, ...ten });
    await createBlockedTime(context.database.db, s.c, ten);
    const moveAnaTo = (placeId: string) =>
      single(s.headers, {
        ...block,
        placeId: s.a.id,
        resolutions: [
          { appointmentId: s.anaAtTen.id, action: 'move', placeId },
          { appointmentId: s.brunoAtEleven.id, action: 'cancel' },
        ],
      });
    for (const taken of [s.b.id, s.c.id]) {
      const response = await moveAnaTo(taken);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'BlockMoveTargetTaken',
        message: 'O espaço de destino não está livre neste horário.',
        details: { appointmentId: s.anaAtTen.id, placeId: taken },
      });
    }

    // Two bookings of one hour into the same free place: the second finds it taken.
    const dora = await createAssociate(context.database.db, s.company.id);
    const courtD = await createPlace(context.database.db, s.company.id, {
      name: 'Quadra D',
      categoryId: s.a.categoryId,
    });
    const second = await createAppointment(context.database.db, {
      place: s.c,
      associate: dora,
      ...eleven,
    });
    const twice = await bulk(s.headers, {
      description: 'Torneio',
      startAt: eleven.startsAt.toISOString(),
      endsAt: eleven.endsAt.toISOString(),
      placeIds: [s.a.id, s.c.id],
      resolutions: [
        { appointmentId: s.brunoAtEleven.id, action: 'move', placeId: courtD.id },
        { appointmentId: second.id, action: 'move', placeId: courtD.id },
      ],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('BlockMoveTargetTaken');
    // Nothing changed by any refused request.
    expect((await appointment(s.anaAtTen.id)).placeId).toBe(s.a.id);
    expect((await appointment(s.brunoAtEleven.id)).status).toBe('SCHEDULED');
    expect(await blocksOf(s.a.id)).toHaveLength(0);
  });

  it("refuses a move to another club's place, another category, the same place or an archived one", async () => {
    const s = await scene();
    const other = await scene();
    const archived = await createPlace(context.database.db, s.company.id, {
      name: 'Quadra Velha',
      categoryId: s.a.categoryId,
      archivedAt: new Date(),
    });
    for (const target of [other.b.id, s.pool.id, s.a.id, archived.id]) {
      const response = await single(s.headers, {
        ...block,
        placeId: s.a.id,
        resolutions: [
          { appointmentId: s.anaAtTen.id, action: 'move', placeId: target },
          { appointmentId: s.brunoAtEleven.id, action: 'keep' },
        ],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: 'BlockMoveTargetInvalid',
        message: expect.stringContaining('mesma categoria, no mesmo clube'),
      });
    }
    expect((await appointment(s.anaAtTen.id)).placeId).toBe(s.a.id);
    expect(await blocksOf(other.b.id)).toHaveLength(0);
  });

  it('refuses resolutions that name another booking, lack a target or cancel an attended one', async () => {
    const s = await scene();
    const other = await scene();
    const foreign = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'keep' },
        { appointmentId: s.brunoAtEleven.id, action: 'keep' },
        { appointmentId: other.anaAtTen.id, action: 'cancel' },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0]).toMatchObject({ path: 'resolutions.2.appointmentId' });
    expect((await appointment(other.anaAtTen.id)).status).toBe('SCHEDULED');

    const noTarget = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [{ appointmentId: s.anaAtTen.id, action: 'move' }],
    });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().details[0]).toMatchObject({
      path: 'resolutions.0.placeId',
      message: 'Escolha o espaço para onde mover o agendamento.',
    });

    await context.database.db
      .update(appointments)
      .set({ status: 'CHECKED_IN', checkedInAt: new Date() })
      .where(eq(appointments.id, s.anaAtTen.id));
    const attended = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'cancel' },
        { appointmentId: s.brunoAtEleven.id, action: 'keep' },
      ],
    });
    expect(attended.statusCode).toBe(400);
    expect(attended.json().details[0]).toMatchObject({ path: 'resolutions.0.action' });
    const listed = await preview(s.headers, { ...block, placeIds: [s.a.id] });
    expect(listed.json().appointments[0]).toMatchObject({
      status: 'CHECKED_IN',
      actions: ['keep'],
      freePlaces: [],
    });
    expect(await blocksOf(s.a.id)).toHaveLength(0);
  });

  it('shows the reason of the cancellation to staff and to the member', async () => {
    const s = await scene();
    await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'cancel' },
        { appointmentId: s.brunoAtEleven.id, action: 'keep' },
      ],
    });
    const staffView = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/appointment?placeId=${s.a.id}&fromDate=2030-03-04&toDate=2030-03-05`,
      headers: s.headers,
    });
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json().items).toEqual([
      expect.objectContaining({
        id: s.anaAtTen.id,
        status: 'CANCELLED',
        cancellationReason: 'Torneio interno',
      }),
      expect.objectContaining({ id: s.brunoAtEleven.id, cancellationReason: null }),
    ]);

    const memberView = await listBookings(context.database.db, {
      member: {
        associateId: s.ana.id,
        companyId: s.company.id,
        associateTitleId: s.ana.associateTitleId,
        isHolder: true,
      },
      scope: 'cancelled',
    });
    expect(memberView).toEqual([
      expect.objectContaining({ id: s.anaAtTen.id, cancellationReason: 'Torneio interno' }),
    ]);
  });
});

describe('a booking arriving while the block is created', () => {
  it('is seen by the block, which then refuses to move into its slot', async () => {
    const s = await scene();
    const carla = await createAssociate(context.database.db, s.company.id, { name: 'Carla' });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasLock = () => {};
    const locked = new Promise<void>((resolve) => {
      hasLock = resolve;
    });
    // Stands in for a booking of B at 10:00: same lock, committed only at the end.
    const booking = context.database.db.transaction(async (tx) => {
      await lockPlace(tx, s.b.id);
      await createAppointment(tx, { place: s.b, associate: carla, ...ten });
      hasLock();
      await held;
    });
    await locked;
    const blocking = single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'move', placeId: s.b.id },
        { appointmentId: s.brunoAtEleven.id, action: 'cancel' },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await booking;
    const response = await blocking;
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('BlockMoveTargetTaken');
    const atB = await context.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.placeId, s.b.id), inArray(appointments.status, ['SCHEDULED'])));
    expect(atB.map((row) => row.associateId)).toEqual([carla.id]);
    expect((await appointment(s.brunoAtEleven.id)).status).toBe('SCHEDULED');
  });
});
