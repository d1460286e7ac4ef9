/** Requests of the appointment routes' tests, on the test file's app. */
import { createBookingScene } from '../../factories';
import { type BuiltApp } from '../../helper';

/** The helpers bound to a test file's app and database. */
export function appointmentScene(context: BuiltApp) {
  const scene = (values: Parameters<typeof createBookingScene>[1] = {}) =>
    createBookingScene(context.app, values);

  const book = (headers: Record<string, string>, payload: object) =>
    context.app.inject({ method: 'POST', url: '/api/backoffice/appointment', headers, payload });
  const check = (headers: Record<string, string>, payload: object) =>
    context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment/check',
      headers,
      payload,
    });
  const cancel = (
    headers: Record<string, string>,
    id: string,
    payload: object = { reason: 'Manutenção da quadra' },
  ) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${id}`,
      headers,
      payload,
    });
  const get = (headers: Record<string, string>, url: string) =>
    context.app.inject({ method: 'GET', url, headers });
  return { scene, book, check, cancel, get };
}
