/** A club with a category and the place requests, shared by the place tests. */
import { bearerFor, createCategory, createClubWithStaff } from '../../factories';
import { type BuiltApp } from '../../helper';

/** What the create dialog sends: numbers typed as text, times as "HH:mm". */
export function placeBody(
  companyId: string,
  categoryId: string,
  values: Record<string, unknown> = {},
) {
  return {
    companyId,
    categoryId,
    name: 'Quadra de Tênis',
    description: 'Saibro, com iluminação.',
    startsAt: '08:00',
    endsAt: '22:00',
    bookRange: '60',
    associateReservationLimit: '4',
    availableBookingDays: '14',
    ageRestriction: '18',
    maxCancelBookingTime: '2',
    anonymousBooking: false,
    ...values,
  };
}

/** The helpers bound to a test file's app and database. */
export function placesScene(context: BuiltApp) {
  async function clubWithHeaders() {
    const club = await createClubWithStaff(context.db);
    const category = await createCategory(context.db, club.company.id, { name: 'Quadras' });
    return { ...club, category, headers: await bearerFor(context.app, club.staff.cpf) };
  }

  const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: '/api/backoffice/place', headers, payload });
  const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    context.app.inject({ method: 'PATCH', url: '/api/backoffice/place', headers, payload });
  return { clubWithHeaders, post, patch };
}
