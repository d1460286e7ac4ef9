/**
 * A series' preview (docs/domain.md, "Series"): every date of its rule, each free or with why it
 * cannot be booked, decided by the booking engine's own rules (evaluateBookingRules) on what two
 * statements read, whatever the series' length: the place with the member and their title's
 * bookings (readPlaceContext), then what each date meets (readSeriesDates).
 */
import type { Database } from '@clube/db';
import {
  clubInstant,
  clubWallClockExists,
  errorMessageOf,
  placeSlotStarts,
  type SeriesDateReason,
  type SeriesPreview,
  type SeriesPreviewDate,
} from '@clube/shared';
import { AppError } from '../../lib/app-error';
import type { BookingContext } from '../appointments/booking-context';
import { describeFailure, evaluateBookingRules } from '../appointments/booking-rules';
import { slotGridOf } from '../appointments/day-grid';
import { readPlaceContext, type TitleBooking } from '../appointments/place-day/read-place-context';
import { generateSlotTimes } from '../appointments/slots';
import { readSeriesDates, type SeriesDateHolder } from './read-series-dates';
import { assertSeriesBounds, seriesDates, seriesRrule } from './series-rule';

/** A series as staff describe it (seriesBodySchema, parsed). */
export type SeriesRequest = {
  placeId: string;
  associateId: string;
  activityName?: string;
  weekdays: number[];
  startTime: string;
  lengthMinutes: number;
  startsOn: string;
  endsOn: string;
};

/** Days of title bookings read around the series for the count rules (a month and a margin). */
const titleMargin = 33 * 86_400_000;

/** The rules an activity's series meets: the place's, none of a member's. */
const placeRules = new Set([
  'TimeNotAvailable',
  'SpecialDayClosed',
  'TimeAlreadyTaken',
  'InvalidAppointmentDuration',
]);

/** A preview and what it was decided on (the save books from it). */
export type SeriesReading = {
  preview: SeriesPreview;
  context: BookingContext;
};

/**
 * Reads and decides a series' dates. Refuses a series ending before it starts, longer than a year,
 * or on a slot the place does not have (its own start, end and length, whatever the day's hours),
 * a place or member of another club (PlaceNotFound, AssociateNotFound).
 */
export async function readSeries(
  db: Database,
  options: { request: SeriesRequest; companyIds: ReadonlySet<string>; now: Date },
): Promise<SeriesReading> {
  const { request, now } = options;
  assertSeriesBounds(request);
  const dates = seriesDates(request);
  const first = new Date(`${request.startsOn}T00:00:00Z`);
  const last = new Date(`${request.endsOn}T23:59:59Z`);
  const read = await readPlaceContext(db, {
    placeId: request.placeId,
    companyIds: options.companyIds,
    day: { date: request.startsOn },
    busyRange: { startsAt: first, endsAt: first },
    booker: {
      associateId: request.associateId,
      titleWindow: {
        startsAt: new Date(first.getTime() - titleMargin),
        endsAt: new Date(last.getTime() + titleMargin),
      },
      now,
    },
  });
  if (!read.associate) throw new AppError('AssociateNotFound');
  const { associate, ...placeOfStaff } = read;
  const context: BookingContext = { ...placeOfStaff, ...associate };
  const { place, timezone } = context;
  if (
    request.lengthMinutes !== place.bookRange ||
    !placeSlotStarts(place).includes(request.startTime)
  )
    throw new AppError('SeriesSlotNotOfPlace');

  const intervals = dates.map((date) => {
    const startsAt = clubInstant(date, request.startTime, timezone);
    return { startsAt, endsAt: new Date(startsAt.getTime() + request.lengthMinutes * 60_000) };
  });
  const holders = await readSeriesDates(db, { placeId: place.id, dates, intervals });
  const countsTowardQuota = request.activityName === undefined;
  // The series' own dates count toward the quota as they are chosen, in date order.
  const counted: TitleBooking[] = countsTowardQuota ? [...context.rules.titleBookings] : [];
  const previewDates = dates.map((date, index): SeriesPreviewDate => {
    const { startsAt, endsAt } = intervals[index]!;
    const holder = holders[index]!;
    const { operatingHour, specialDay } = holder;
    const interval = { startsAt, endsAt, placeId: place.id };
    const dayContext: BookingContext = {
      ...context,
      operatingHour,
      specialDay,
      rules: {
        ...context.rules,
        titleBookings: counted,
        busy: {
          booked: holder.takenBy === null ? [] : [interval],
          blocked: holder.blockedFor === null ? [] : [interval],
        },
      },
    };
    const { failures } = evaluateBookingRules({
      context: dayContext,
      request: {
        associateId: request.associateId,
        placeId: place.id,
        startsAt,
        endsAt,
        cardId: associate.associate.cardId,
      },
      now,
    });
    const reasons: SeriesDateReason[] = [];
    for (const failure of failures) {
      // A series books the season ahead: the booking window is for single bookings.
      if (failure.key === 'AvailableBookingDaysMissed') continue;
      if (!countsTowardQuota && !placeRules.has(failure.key)) continue;
      if (failure.key === 'TimeAlreadyTaken')
        reasons.push({ kind: 'taken', message: 'Ocupado', detail: holder.takenBy ?? undefined });
      else if (failure.key === 'TimeNotAvailable' || failure.key === 'SpecialDayClosed')
        reasons.push(unavailableReason({ date, startsAt, now, holder, request, context }));
      else
        reasons.push({
          kind: 'rule',
          message: errorMessageOf(failure.key, failure.params),
          failure: describeFailure(failure),
        });
    }
    const available = reasons.length === 0;
    if (available && countsTowardQuota)
      counted.push({ placeId: place.id, categoryId: place.categoryId, startsAt, placeName: '' });
    return {
      date,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      available,
      reasons,
    };
  });
  return {
    preview: {
      rrule: seriesRrule(request),
      countsTowardQuota,
      quotaLimit: countsTowardQuota ? place.associateReservationLimit : 0,
      dates: previewDates,
    },
    context,
  };
}

/**
 * Which of rule 4's causes holds a date: closed (by its special day, named, or by the club's or the
 * place's week), outside the day's hours (a special day's named), past, blocked.
 */
function unavailableReason(options: {
  date: string;
  startsAt: Date;
  now: Date;
  holder: SeriesDateHolder;
  request: SeriesRequest;
  context: BookingContext;
}): SeriesDateReason {
  const { date, startsAt, holder, context } = options;
  const { operatingHour, specialDay } = holder;
  if (!operatingHour) {
    if (!specialDay) return { kind: 'closed', message: 'Fechado neste dia da semana' };
    const closer = specialDay.scope === 'club' ? 'Clube fechado' : 'Espaço fechado';
    return { kind: 'closed', message: `${closer} — ${specialDay.name}` };
  }
  const slots = generateSlotTimes(date, context.timezone, slotGridOf(context.place, operatingHour));
  if (
    !clubWallClockExists(date, options.request.startTime, context.timezone) ||
    !slots.some((slot) => slot.startsAt.getTime() === startsAt.getTime())
  )
    return specialDay
      ? { kind: 'outside-hours', message: `Fora do horário especial — ${specialDay.name}` }
      : { kind: 'outside-hours', message: 'Fora do horário de funcionamento' };
  if (startsAt <= options.now) return { kind: 'past', message: 'Data já passou' };
  return {
    kind: 'blocked',
    message: 'Bloqueado',
    ...(holder.blockedFor ? { detail: holder.blockedFor } : {}),
  };
}
