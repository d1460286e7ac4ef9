/**
 * The series rows of the routes scenario (docs/domain.md, "Series"): the preview and the save of a
 * semester — 2 weekdays × 20 weeks — as staff would send them, on the bench places (an activity's
 * series: no quota), from five weeks ahead, clear of the booking rows' four weeks.
 */
import { addDaysToDate, clubToday } from '@clube/shared';
import type { LargeClub } from './generate-large-club';
import { timezone } from './generate-large-club';

/** ISO weekday (1 Monday … 7 Sunday) of a date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The series on one bench place at one hour, and the dates its rule gives. */
function semester(club: LargeClub, placeId: string, hour: number) {
  const startsOn = addDaysToDate(clubToday(timezone), 35);
  const endsOn = addDaysToDate(startsOn, 7 * 20 - 1);
  const weekdays = [isoWeekday(startsOn), isoWeekday(addDaysToDate(startsOn, 2))];
  const dates: string[] = [];
  for (let day = 0; day < 7 * 20; day += 1) {
    const date = addDaysToDate(startsOn, day);
    if (weekdays.includes(isoWeekday(date))) dates.push(date);
  }
  const body = {
    placeId,
    associateId: club.associates[hour % club.associates.length]!.id,
    activityName: 'Escolinha do benchmark',
    weekdays,
    startTime: `${String(hour).padStart(2, '0')}:00`,
    lengthMinutes: 60,
    startsOn,
    endsOn,
  };
  return { body, dates };
}

/** The preview's body: the first bench place at 07:00 (read only, the same every time). */
export function seriesPreviewBody(club: LargeClub): string {
  return JSON.stringify(semester(club, club.benchPlaceIds[0]!, 7).body);
}

/** Saves of distinct series (each bench place at each hour 07:00–21:00), each with its 40 dates. */
export function seriesSaveBodies(club: LargeClub): string[] {
  const bodies: string[] = [];
  for (const placeId of club.benchPlaceIds)
    for (let hour = 7; hour < 22; hour += 1) {
      const { body, dates } = semester(club, placeId, hour);
      bodies.push(JSON.stringify({ ...body, dates }));
    }
  return bodies;
}
