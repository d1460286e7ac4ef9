/**
 * Saving a closure over a busy day: a category's special day on the busy Saturday, every booking
 * it leaves out kept (so the day is the same for the next save), then removed, for `duration`
 * seconds by one user. Its latency is reported as a ratio to the same run's slot list (1 user).
 */
import { percentile } from './server';

type Headers = Record<string, string>;

export async function measureClosureSave(options: {
  base: string;
  headers: Headers;
  companyId: string;
  busyPlaceId: string;
  busyDate: string;
  duration: number;
}) {
  const { base, headers, companyId, busyDate } = options;
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(base + path, {
      method,
      headers: body ? headers : { authorization: headers.authorization! },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  // The busy place's category, as the day sheet groups it.
  const sheet = (await call(
    'GET',
    `/api/backoffice/day-sheet?companyId=${companyId}&date=${busyDate}`,
  )) as {
    categories: Array<{ id: string; places: Array<{ id: string }> }>;
  };
  const category = sheet.categories.find((item) =>
    item.places.some((place) => place.id === options.busyPlaceId),
  )!;
  const day = {
    companyId,
    date: busyDate,
    name: 'Fechamento (benchmark)',
    categoryId: category.id,
  };
  const preview = (await call('POST', '/api/backoffice/special-day/preview', day)) as {
    appointments: Array<{ id: string }>;
  };
  const resolutions = preview.appointments.map((booking) => ({
    appointmentId: booking.id,
    action: 'keep',
  }));
  const times: number[] = [];
  const until = Date.now() + options.duration * 1000;
  do {
    const started = performance.now();
    const saved = (await call('POST', '/api/backoffice/special-day', { ...day, resolutions })) as {
      specialDay: { id: string };
    };
    times.push(performance.now() - started);
    await call('DELETE', `/api/backoffice/special-day/${saved.specialDay.id}`);
  } while (Date.now() < until);
  times.sort((a, b) => a - b);
  return {
    bookings: preview.appointments.length,
    saves: times.length,
    p50: Math.round(percentile(times, 0.5)),
    p99: Math.round(percentile(times, 0.99)),
  };
}
