import { describe, expect, it } from 'vitest';
import { generateSlotTimes, markAvailability, overlaps, slotWindow, type SlotGrid } from './slots';

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

describe('markAvailability', () => {
  const date = '2030-03-04';
  const slots = generateSlotTimes(date, 'UTC', {
    ...grid,
    placeStartsAt: '08:00',
    placeEndsAt: '12:00',
  });
  const base = {
    now: new Date('2030-03-01T00:00:00Z'),
    lastBookableDate: '2030-03-10',
    date,
    blockedTimes: [],
    appointments: [],
  };

  it('marks every slot available when nothing is in the way', () => {
    expect(markAvailability(slots, base).map((slot) => slot.available)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('marks past slots (including the one starting now) unavailable', () => {
    const marked = markAvailability(slots, { ...base, now: new Date('2030-03-04T09:00:00Z') });
    expect(marked.map((slot) => slot.available)).toEqual([false, false, true, true]);
  });

  it('marks slots beyond the booking window unavailable', () => {
    const marked = markAvailability(slots, { ...base, lastBookableDate: '2030-03-03' });
    expect(marked.every((slot) => !slot.available)).toBe(true);
  });

  it('marks slots overlapping a block or an appointment unavailable, touching ones not', () => {
    const marked = markAvailability(slots, {
      ...base,
      blockedTimes: [
        { startsAt: new Date('2030-03-04T08:30:00Z'), endsAt: new Date('2030-03-04T09:00:00Z') },
      ],
      appointments: [
        { startsAt: new Date('2030-03-04T10:00:00Z'), endsAt: new Date('2030-03-04T11:00:00Z') },
      ],
    });
    expect(marked.map((slot) => slot.available)).toEqual([false, true, false, true]);
  });
});

describe('overlaps', () => {
  it('treats intervals as half-open', () => {
    const a = { startsAt: new Date(0), endsAt: new Date(10) };
    expect(overlaps(a, { startsAt: new Date(10), endsAt: new Date(20) })).toBe(false);
    expect(overlaps(a, { startsAt: new Date(9), endsAt: new Date(20) })).toBe(true);
  });
});
