/**
 * What the member hears of a series: "Série de reservas confirmada", with the series as ONE
 * recurring calendar event (RFC 5545 through the `ics` package: RRULE, and EXDATE for each date of
 * the rule not booked), queued with the series' own statement.
 */
import { createEvent } from 'ics';
import { clubTimeOf, dateLabel, seriesWeekdayLabels } from '@clube/shared';
import type { NewMessage } from '../../lib/mail/enqueue-messages';
import { absoluteUrl } from '../account-links/links';
import {
  bookingsUrl,
  firstNameOf,
  memberMessage,
  type MessageLog,
} from '../messages/member-messages';
import type { MessageReader } from '../messages/read-bookings';

/** An instant as RFC 5545 writes it in UTC: 20270302T210000Z. */
const icsUtc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

const icsWeekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export type SeriesOfMessage = {
  id: string;
  companyId: string;
  placeName: string;
  clubName: string;
  logoUrl: string | null;
  timezone: string;
  activityName: string | null;
  weekdays: number[];
  /** Every date of the rule, booked or not, as instants: [startsAt, endsAt]. */
  ruleDates: Array<{ startsAt: Date; endsAt: Date; booked: boolean }>;
  member: MessageReader;
};

/**
 * The series as one event in UTC: its first booked date, repeated weekly on the weekdays its
 * dates fall on in UTC (a club's offset is the same all season), until its last booked date; each
 * date between them that is not booked is an EXDATE.
 */
export function seriesCalendar(series: SeriesOfMessage, publicUrl: string): string | null {
  const booked = series.ruleDates.filter((date) => date.booked);
  const first = booked[0];
  const last = booked.at(-1);
  if (!first || !last) return null;
  const days = [...new Set(booked.map((date) => icsWeekdays[date.startsAt.getUTCDay()]!))];
  const skipped = series.ruleDates.filter(
    (date) => !date.booked && date.startsAt > first.startsAt && date.startsAt < last.startsAt,
  );
  const title = series.activityName ?? `${series.placeName} — ${series.clubName}`;
  const { error, value } = createEvent({
    uid: `series-${series.id}@clube-reservas`,
    productId: 'clube-reservas/ics',
    method: 'PUBLISH',
    title,
    description: `Reservas semanais em ${series.clubName}. Minhas reservas: ${bookingsUrl(publicUrl)}`,
    location: `${series.placeName}, ${series.clubName}`,
    start: icsUtc(first.startsAt),
    end: icsUtc(first.endsAt),
    recurrenceRule: `FREQ=WEEKLY;BYDAY=${days.join(',')};UNTIL=${icsUtc(last.startsAt)}`,
    ...(skipped.length > 0 ? { exclusionDates: skipped.map((date) => icsUtc(date.startsAt)) } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar event not created');
  return value;
}

/** The series' confirmation to its member (or the activity's responsible member). */
export function seriesConfirmationMessages(
  series: SeriesOfMessage,
  options: { publicUrl: string; log: MessageLog },
): NewMessage[] {
  let calendar: string | null = null;
  try {
    calendar = seriesCalendar(series, options.publicUrl);
  } catch (error) {
    options.log.warn({ err: error, seriesId: series.id }, 'series confirmation without calendar');
  }
  const booked = series.ruleDates.filter((date) => date.booked);
  const first = booked[0];
  const last = booked.at(-1);
  if (!first || !last) return [];
  const dateOf = (instant: Date) =>
    dateLabel(instant.toLocaleDateString('en-CA', { timeZone: series.timezone }));
  const days = series.weekdays
    .map((day) => seriesWeekdayLabels[day as keyof typeof seriesWeekdayLabels])
    .join(', ');
  const time = `${clubTimeOf(first.startsAt, series.timezone)}–${clubTimeOf(first.endsAt, series.timezone)}`;
  return [
    memberMessage({
      companyId: series.companyId,
      reader: series.member,
      kind: 'series-confirmed',
      byEmail: true,
      attachments: calendar
        ? [
            {
              filename: 'serie.ics',
              contentType: 'text/calendar; method=PUBLISH',
              content: calendar,
            },
          ]
        : [],
      layout: {
        subject: `Série de reservas confirmada — ${series.clubName}`,
        sender: series.clubName,
        logoUrl: absoluteUrl(options.publicUrl, series.logoUrl),
        greeting: `Olá, ${firstNameOf(series.member.name)}!`,
        paragraphs: [
          series.activityName
            ? `A equipe do clube reservou ${series.placeName} para ${series.activityName}, com você como responsável:`
            : 'A equipe do clube fez estas reservas semanais para você:',
          `${series.placeName}, ${days}, ${time}, de ${dateOf(first.startsAt)} a ${dateOf(last.startsAt)} (${booked.length} datas).`,
          ...(calendar
            ? ['O convite em anexo (serie.ics) coloca todas as datas na sua agenda.']
            : []),
        ],
        action: { label: 'Ver minhas reservas', url: bookingsUrl(options.publicUrl) },
        after: ['Se não puder ir numa data, cancele pelo portal para liberar o horário.'],
      },
    }),
  ];
}
