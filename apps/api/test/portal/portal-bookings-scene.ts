/** Requests to the members' portal bookings, shared by the portal bookings tests. */
import { type createPlace, createPortalScene } from '../factories';
import { type BuiltApp } from '../helper';

export const slotOf = (place: { id: string }, startsAt: Date, associateId?: string) => ({
  placeId: place.id,
  startsAt: startsAt.toISOString(),
  ...(associateId ? { associateId } : {}),
});
export const codesOf = (failures: Array<{ code: string }>) =>
  failures.map((failure) => failure.code);

/** The helpers bound to a test file's app and database. */
export function portalBookingsScene(context: BuiltApp) {
  const scene = (placeValues: Parameters<typeof createPlace>[2] = {}) =>
    createPortalScene(context.app, placeValues);
  const request = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const book = (headers: Record<string, string>, payload: object) =>
    request('POST', '/api/portal/bookings', headers, payload);
  const check = (headers: Record<string, string>, payload: object) =>
    request('POST', '/api/portal/bookings/check', headers, payload);
  return { scene, request, book, check };
}
