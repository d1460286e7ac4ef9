import { describe, expect, it } from 'vitest';
import { bookingWindowOf } from './booking-window';

describe('bookingWindowOf', () => {
  it('takes bookings up to availableBookingDays after today, the last day included', () => {
    const window = (date: string) =>
      bookingWindowOf({ date, today: '2030-03-30', availableBookingDays: 3 });
    expect(window('2030-03-30').isBeyond).toBe(false);
    expect(window('2030-04-02').isBeyond).toBe(false);
    expect(window('2030-04-03').isBeyond).toBe(true);
  });

  it('says from which today a date beyond it opens', () => {
    expect(
      bookingWindowOf({ date: '2030-04-03', today: '2030-03-30', availableBookingDays: 3 }).opensOn,
    ).toBe('2030-03-31');
  });

  it('takes only today with no day ahead', () => {
    const window = (date: string) =>
      bookingWindowOf({ date, today: '2030-12-31', availableBookingDays: 0 });
    expect(window('2030-12-31').isBeyond).toBe(false);
    expect(window('2031-01-01').isBeyond).toBe(true);
  });
});
