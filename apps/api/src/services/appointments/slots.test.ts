import { clubTimeOf } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import {
  generateSlotTimes,
  overlaps,
  slotStatesOf,
  slotWindow,
  type Interval,
  type SlotClock,
  type SlotGrid,
  type SlotTime,
} from './slots';

const grid: SlotGrid = {
  placeStartsAt: '08:00:00',
  placeEndsAt: '20:00:00',
  bookRange: 60,
  operatingHour: { openTime: '06:00:00', closeTime: '22:00:00' },
};

describe('slotWindow', () => {
  it('intersects the place hours with the operating hour', () => {
    expect(slotWindow(grid)).toEqual({ start: 8 * 60, end: 20 * 60 });
    expect(
      slotWindow({ ...grid, operatingHour: { openTime: '09:30', closeTime: '18:00' } }),
    ).toEqual({ start: 9 * 60 + 30, end: 18 * 60 });
  });

  it('is empty when the club is closed that weekday or the hours do not meet', () => {
    expect(slotWindow({ ...grid, operatingHour: null })).toBeNull();
    expect(
      slotWindow({ ...grid, operatingHour: { openTime: '20:00', closeTime: '23:00' } }),
    ).toBeNull();
  });
});

describe('generateSlotTimes', () => {
  it('steps by bookRange from the window start and drops a slot that would end outside', () => {
    const slots = generateSlotTimes('2030-03-04', 'UTC', {
      ...grid,
      bookRange: 90,
      operatingHour: { openTime: '09:00', closeTime: '13:00' },
    });
    expect(slots.map((slot) => slot.time)).toEqual(['09:00', '10:30']);
    expect(slots[1]!.endsAt.toISOString()).toBe('2030-03-04T12:00:00.000Z');
  });

  it('answers no slots on a closed weekday', () => {
    expect(generateSlotTimes('2030-03-04', 'UTC', { ...grid, operatingHour: null })).toEqual([]);
  });

  it('places club-local times on the right instants across the UTC date boundary', () => {
    // São Paulo is UTC−3: 22:00 local on the 4th is 01:00 UTC on the 5th.
    const slots = generateSlotTimes('2030-03-04', 'America/Sao_Paulo', {
      placeStartsAt: '21:00',
      placeEndsAt: '23:00',
      bookRange: 60,
      operatingHour: { openTime: '06:00', closeTime: '23:30' },
    });
    expect(slots.map((slot) => [slot.time, slot.startsAt.toISOString()])).toEqual([
      ['21:00', '2030-03-05T00:00:00.000Z'],
      ['22:00', '2030-03-05T01:00:00.000Z'],
    ]);
    // Tokyo is UTC+9: 08:00 local on the 4th is 23:00 UTC on the 3rd.
    const tokyo = generateSlotTimes('2030-03-04', 'Asia/Tokyo', grid);
    expect(tokyo[0]!.startsAt.toISOString()).toBe('2030-03-03T23:00:00.000Z');
  });
});

describe('generateSlotTimes on daylight-saving days (America/New_York)', () => {
  const timezone = 'America/New_York';
  // 2026-03-08: at 02:00 EST the clocks jump to 03:00 EDT. 2026-11-01: at 02:00 EDT they go back
  // to 01:00 EST, so 01:00–01:59 is shown twice.
  const springForward = '2026-03-08';
  const fallBack = '2026-11-01';
  const night = (bookRange: number): SlotGrid => ({
    placeStartsAt: '00:00',
    placeEndsAt: '06:00',
    bookRange,
    operatingHour: { openTime: '00:00', closeTime: '23:00' },
  });
  const shown = (slots: ReturnType<typeof generateSlotTimes>) =>
    slots.map((slot) => [slot.time, slot.startsAt.toISOString(), slot.endsAt.toISOString()]);

  /** What must hold on any day: exact length, in order, no overlap, the label on the club clock. */
  function expectWellFormed(date: string, bookRange: number) {
    const slots = generateSlotTimes(date, timezone, night(bookRange));
    for (const [index, slot] of slots.entries()) {
      expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(bookRange * 60_000);
      expect(clubTimeOf(slot.startsAt, timezone)).toBe(slot.time);
      const previous = slots[index - 1];
      if (previous) expect(slot.startsAt >= previous.endsAt).toBe(true);
    }
    expect(new Set(slots.map((slot) => slot.startsAt.getTime())).size).toBe(slots.length);
  }

  it('drops the 60-minute slot whose start the clocks skip; the others last 60 minutes', () => {
    expect(shown(generateSlotTimes(springForward, timezone, night(60)))).toEqual([
      ['00:00', '2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z'],
      ['01:00', '2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z'],
      // 02:00 never shows on the club's clock: no zero-length slot at 07:00Z.
      ['03:00', '2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z'],
      ['04:00', '2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z'],
      ['05:00', '2026-03-08T09:00:00.000Z', '2026-03-08T10:00:00.000Z'],
    ]);
  });

  it('drops both 30-minute slots inside the gap', () => {
    const slots = generateSlotTimes(springForward, timezone, night(30));
    expect(slots.map((slot) => slot.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
    expect(shown(slots)[3]).toEqual([
      '01:30',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
    expect(shown(slots)[4]![1]).toBe('2026-03-08T07:00:00.000Z');
  });

  it('gives the repeated hour one 60-minute slot, never a 2-hour one', () => {
    expect(shown(generateSlotTimes(fallBack, timezone, night(60)))).toEqual([
      ['00:00', '2026-11-01T04:00:00.000Z', '2026-11-01T05:00:00.000Z'],
      ['01:00', '2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z'],
      ['02:00', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z'],
      ['03:00', '2026-11-01T08:00:00.000Z', '2026-11-01T09:00:00.000Z'],
      ['04:00', '2026-11-01T09:00:00.000Z', '2026-11-01T10:00:00.000Z'],
      ['05:00', '2026-11-01T10:00:00.000Z', '2026-11-01T11:00:00.000Z'],
    ]);
  });

  it('offers each 30-minute slot of the repeated hour once', () => {
    const slots = generateSlotTimes(fallBack, timezone, night(30));
    expect(slots).toHaveLength(12);
    expect(shown(slots).slice(1, 5)).toEqual([
      ['00:30', '2026-11-01T04:30:00.000Z', '2026-11-01T05:00:00.000Z'],
      ['01:00', '2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z'],
      ['01:30', '2026-11-01T05:30:00.000Z', '2026-11-01T06:00:00.000Z'],
      ['02:00', '2026-11-01T07:00:00.000Z', '2026-11-01T07:30:00.000Z'],
    ]);
  });

  it('drops a slot that would overlap the one before it across the gap (45 minutes)', () => {
    // 01:30 EST + 45 min ends at 03:15 EDT, after 03:00: the 03:00 slot is not offered.
    expect(generateSlotTimes(springForward, timezone, night(45)).map((slot) => slot.time)).toEqual([
      '00:00',
      '00:45',
      '01:30',
      '03:45',
      '04:30',
      '05:15',
    ]);
  });

  it('keeps every slot within the window on its real instants', () => {
    // Closing at 03:00 EDT (07:00Z): 01:30 + 60 minutes would end at 03:30 on the club's clock.
    const slots = generateSlotTimes(springForward, timezone, {
      ...night(60),
      placeStartsAt: '00:30',
      placeEndsAt: '03:00',
    });
    expect(shown(slots)).toEqual([
      ['00:30', '2026-03-08T05:30:00.000Z', '2026-03-08T06:30:00.000Z'],
    ]);
  });

  it('answers well-formed slots for every bookRange on both days', () => {
    for (const date of [springForward, fallBack]) {
      for (const bookRange of [5, 15, 20, 25, 30, 45, 50, 60, 90, 120, 180]) {
        expectWellFormed(date, bookRange);
      }
    }
  });

  it('marks the slot of a booked instant unavailable, and no other slot offers it', () => {
    const slots = generateSlotTimes(springForward, timezone, night(60));
    const marked = slotStatesOf(
      slots,
      {
        blocked: [],
        booked: [
          { startsAt: new Date('2026-03-08T07:00:00Z'), endsAt: new Date('2026-03-08T08:00:00Z') },
        ],
      },
      { now: new Date('2026-03-01T00:00:00Z') },
    );
    expect(marked.filter(({ state }) => state !== 'free').map(({ slot }) => slot.time)).toEqual([
      '03:00',
    ]);
    expect(
      marked.filter(
        ({ slot, state }) =>
          state === 'free' && slot.startsAt.getTime() === Date.parse('2026-03-08T07:00:00Z'),
      ),
    ).toEqual([]);
  });
});

describe('slotStatesOf', () => {
  const date = '2030-03-04';
  const slots = generateSlotTimes(date, 'UTC', {
    ...grid,
    placeStartsAt: '08:00',
    placeEndsAt: '12:00',
  });
  type Labelled = Interval & { label: string };
  const nothing = { blocked: [] as Labelled[], booked: [] as Labelled[] };
  const clock: SlotClock = { now: new Date('2030-03-01T00:00:00Z'), beyondWindow: false };
  const statesOf = (
    busy: { blocked: Labelled[]; booked: Labelled[] },
    at: SlotClock,
    of: SlotTime[] = slots,
  ) => slotStatesOf(of, busy, at).map(({ state }) => state);

  it('marks every slot free when nothing is in the way', () => {
    expect(statesOf(nothing, clock)).toEqual(['free', 'free', 'free', 'free']);
  });

  it('marks past slots (including the one starting now)', () => {
    const at = { ...clock, now: new Date('2030-03-04T09:00:00Z') };
    expect(statesOf(nothing, at)).toEqual(['past', 'past', 'free', 'free']);
  });

  it('marks slots beyond the booking window', () => {
    expect(statesOf(nothing, { ...clock, beyondWindow: true })).toEqual(
      Array(4).fill('outside-window'),
    );
  });

  it('marks slots overlapping a block or a booking, touching ones not', () => {
    const busy = {
      blocked: [
        {
          startsAt: new Date('2030-03-04T08:30:00Z'),
          endsAt: new Date('2030-03-04T09:00:00Z'),
          label: 'Manutenção',
        },
      ],
      booked: [
        {
          startsAt: new Date('2030-03-04T10:00:00Z'),
          endsAt: new Date('2030-03-04T11:00:00Z'),
          label: 'João Pereira',
        },
      ],
    };
    const states = slotStatesOf(slots, busy, clock);
    expect(states.map(({ state }) => state)).toEqual(['blocked', 'free', 'taken', 'free']);
    expect(states[0]!.block?.label).toBe('Manutenção');
    expect(states[2]!.booking?.label).toBe('João Pereira');
  });

  // Slot 08:00 blocked and past; 09:00 blocked, taken and beyond the window; 10:00 and 11:00
  // beyond the window only.
  const crowded = {
    blocked: [
      {
        startsAt: new Date('2030-03-04T08:00:00Z'),
        endsAt: new Date('2030-03-04T10:00:00Z'),
        label: 'Manutenção',
      },
    ],
    booked: [
      {
        startsAt: new Date('2030-03-04T09:00:00Z'),
        endsAt: new Date('2030-03-04T10:00:00Z'),
        label: 'João Pereira',
      },
    ],
  };
  const crowdedClock = { now: new Date('2030-03-04T08:30:00Z'), beyondWindow: true };

  it('says first what holds a slot (a booking, a block), then the clock (staff)', () => {
    expect(statesOf(crowded, crowdedClock)).toEqual([
      'blocked',
      'taken',
      'outside-window',
      'outside-window',
    ]);
    expect(statesOf(nothing, { ...crowdedClock, beyondWindow: false })).toEqual([
      'past',
      'free',
      'free',
      'free',
    ]);
  });

  it('says first what the clock says, then a block, then a booking (members)', () => {
    expect(statesOf(crowded, { ...crowdedClock, first: 'clock' })).toEqual([
      'past',
      'outside-window',
      'outside-window',
      'outside-window',
    ]);
    expect(statesOf(crowded, { ...clock, first: 'clock' })).toEqual([
      'blocked',
      'blocked',
      'free',
      'free',
    ]);
  });
});

describe('overlaps', () => {
  it('treats intervals as half-open', () => {
    const a = { startsAt: new Date(0), endsAt: new Date(10) };
    expect(overlaps(a, { startsAt: new Date(10), endsAt: new Date(20) })).toBe(false);
    expect(overlaps(a, { startsAt: new Date(9), endsAt: new Date(20) })).toBe(true);
  });
});
