import { places } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createPlace,
} from '../../factories';
import { build } from '../../helper';
import { blockImpactScene, block, ten, eleven } from './block-impact-scene';

const context = build();
const { scene, preview, single, appointment, blocksOf } = blockImpactScene(context);

describe('POST /api/backoffice/blocked-time/preview', () => {
  it('lists every booking the block hits, with who, where, when and the free places to move to', async () => {
    const s = await scene();
    // B is taken at 11:00, C blocked at 10:00: each is free only at the other hour.
    const carla = await createAssociate(context.database.db, s.company.id, { name: 'Carla' });
    await createAppointment(context.database.db, { place: s.b, associate: carla, ...eleven });
    await createBlockedTime(context.database.db, s.c, ten);

    const response = await preview(s.headers, { ...block, placeIds: [s.a.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      appointments: [
        {
          id: s.anaAtTen.id,
          placeId: s.a.id,
          placeName: 'Quadra A',
          startsAt: '2030-03-04T13:00:00.000Z',
          endsAt: '2030-03-04T14:00:00.000Z',
          status: 'SCHEDULED',
          associateName: 'Ana Souza',
          associate: { id: s.ana.id, name: 'Ana Souza', cardId: s.ana.cardId },
          actions: ['keep', 'cancel', 'move'],
          freePlaces: [{ id: s.b.id, name: 'Quadra B' }],
        },
        expect.objectContaining({
          id: s.brunoAtEleven.id,
          associate: { id: s.bruno.id, name: 'Bruno Reis', cardId: s.bruno.cardId },
          freePlaces: [{ id: s.c.id, name: 'Quadra C' }],
        }),
      ],
    });
    // A preview writes nothing.
    expect(await blocksOf(s.a.id)).toHaveLength(0);
  });

  it('offers only places whose own slots fit the booking: same start, same length, no gap left', async () => {
    const s = await scene();
    const db = context.database.db;
    const courts = s.a.categoryId;
    // 90 minutes from 08:00: a slot at 09:30–11:00, none at 10:00; a 60-minute slot there would leave a gap.
    await createPlace(db, s.company.id, {
      name: 'Quadra D (90)',
      categoryId: courts,
      bookRange: 90,
    });
    // 30 minutes: slots at 10:00 and 10:30, but a 60-minute booking is not one of its slots.
    await createPlace(db, s.company.id, {
      name: 'Quadra E (30)',
      categoryId: courts,
      bookRange: 30,
    });
    // 60 minutes from 08:30: 09:30 and 10:30, never 10:00.
    await createPlace(db, s.company.id, {
      name: 'Quadra F (meia hora)',
      categoryId: courts,
      startsAt: '08:30',
    });
    // 60 minutes from 08:00, open until 10:30: the 10:00 slot would end after closing.
    await createPlace(db, s.company.id, {
      name: 'Quadra G (fecha 10:30)',
      categoryId: courts,
      endsAt: '10:30',
    });
    // 60 minutes from 06:00: 10:00–11:00 is one of its slots.
    const early = await createPlace(db, s.company.id, {
      name: 'Quadra H (desde 06:00)',
      categoryId: courts,
      startsAt: '06:00',
    });

    const response = await preview(s.headers, { ...block, placeIds: [s.a.id] });
    expect(response.statusCode).toBe(200);
    const [ana] = response.json().appointments as { freePlaces: { name: string }[] }[];
    expect(ana!.freePlaces.map((place) => place.name)).toEqual([
      'Quadra B',
      'Quadra C',
      early.name,
    ]);

    // Moving the booking onto a grid it does not fit is refused, and nothing changes.
    const [ninety] = await db.select().from(places).where(eq(places.name, 'Quadra D (90)'));
    const refused = await single(s.headers, {
      ...block,
      placeId: s.a.id,
      resolutions: [
        { appointmentId: s.anaAtTen.id, action: 'move', placeId: ninety!.id },
        { appointmentId: s.brunoAtEleven.id, action: 'cancel' },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('BlockMoveTargetMisfit');
    expect((await appointment(s.anaAtTen.id)).placeId).toBe(s.a.id);
    expect(await blocksOf(s.a.id)).toHaveLength(0);
  });

  it('offers no place the same block covers, and answers 404 for another club', async () => {
    const s = await scene();
    const both = await preview(s.headers, { ...block, placeIds: [s.a.id, s.b.id] });
    expect(
      both.json().appointments.map((item: { freePlaces: { name: string }[] }) => item.freePlaces),
    ).toEqual([[{ id: s.c.id, name: 'Quadra C' }], [{ id: s.c.id, name: 'Quadra C' }]]);

    const other = await scene();
    const foreign = await preview(s.headers, { ...block, placeIds: [other.a.id] });
    expect(foreign.statusCode).toBe(404);
  });
});
