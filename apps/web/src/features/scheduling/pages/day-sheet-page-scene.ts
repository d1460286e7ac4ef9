/** A club's day sheet as the day sheet page's tests serve it: two categories, two places. */
import {
  clubInstant,
  clubToday,
  type Category,
  type DaySheet,
  type DaySheetAppointment,
  type DaySheetCell,
  type DaySheetPlace,
} from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setCurrentCompany } from '@/lib/current-company';
import { formatLongDay } from '@/lib/dates';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

export const timezone = 'America/Sao_Paulo';
export const company = buildCompany({ timezone });
export const today = clubToday(timezone);
export const id = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const pools: Category = {
  id: id(1),
  companyId: company.id,
  name: 'Piscinas',
  blockedAppointmentDay: false,
  notAppointmentPreviousDayTime: false,
  waitlistEnabled: true,
};
export const courts: Category = { ...pools, id: id(2), name: 'Quadras' };

export function cell(date: string, time: string, minutes: number, state: DaySheetCell['state']) {
  const startsAt = clubInstant(date, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
    state,
  } satisfies DaySheetCell;
}

/**
 * The club's sheet for a date: a pool (30 min) and a court (60 min), each in its category;
 * `booked` holds the court at 10:00.
 */
export function sheetOf(
  date: string,
  categoryId: string | null,
  booked?: DaySheetAppointment,
): DaySheet {
  const pool: DaySheetPlace = {
    id: id(10),
    name: 'Piscina',
    bookRange: 30,
    cells: [cell(date, '07:00', 30, 'free'), cell(date, '07:30', 30, 'free')],
  };
  const court: DaySheetPlace = {
    id: id(20),
    name: 'Quadra 1',
    bookRange: 60,
    cells: [
      booked
        ? { ...cell(date, '10:00', 60, 'booked'), appointment: booked }
        : cell(date, '10:00', 60, 'free'),
      cell(date, '11:00', 60, 'past'),
    ],
  };
  const categories = [
    { id: pools.id, name: pools.name, places: [pool] },
    { id: courts.id, name: courts.name, places: [court] },
  ].filter((category) => categoryId === null || category.id === categoryId);
  return {
    date,
    timezone,
    operatingHour: { openTime: '06:00', closeTime: '22:00' },
    specialDay: null,
    categories,
  };
}

/** The club's live events: the stream opens, says it is ready and stays open. */
export const liveEvents = route.get(
  '/backoffice/events',
  () =>
    new HttpResponse(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n'));
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    ),
);

/** The day sheet answers the date and category asked; the club has two categories. */
export function answerClub() {
  return mockApi(
    route.get<DaySheet>('/backoffice/day-sheet', ({ query }) =>
      sheetOf(query.get('date')!, query.get('categoryId')),
    ),
    route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
    liveEvents,
  );
}

export const sheetReads = (requests: readonly RecordedRequest[]) =>
  requests
    .filter((request) => request.url.startsWith('/api/backoffice/day-sheet'))
    .map((request) => ({
      companyId: request.query.get('companyId'),
      date: request.query.get('date'),
      categoryId: request.query.get('categoryId'),
    }));

export const longDay = (date: string) =>
  formatLongDay(clubInstant(date, '12:00', timezone), timezone);

export async function openDaySheet(path = '/day-sheet') {
  setSession(buildSession());
  setCurrentCompany(company);
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Quadro do dia' });
  // The wide-screen grid, once the sheet has arrived.
  const grid = await screen.findByRole('grid');
  return { ...view, grid, user: userEvent.setup() };
}
