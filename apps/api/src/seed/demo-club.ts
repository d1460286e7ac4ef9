import { categories, operatingHours, places, type Database } from '@clube/db';
import { daysOfWeek, type DayOfWeek, type StaffRole } from '@clube/shared';
import { asc, eq } from 'drizzle-orm';
import { createDatabaseFileStorage } from '../lib/storage/file-storage';
import { createPlaceImage } from '../services/place-images/create-place-image';
import { drawPlacePhotos } from './place-photos';

/** The demo club's hours: 06:00–22:00 on weekdays, 07:00–20:00 at the weekend. */
export function clubHoursOn(dayOfWeek: DayOfWeek) {
  const isWeekend = dayOfWeek === 'SABADO' || dayOfWeek === 'DOMINGO';
  return { openTime: isWeekend ? '07:00' : '06:00', closeTime: isWeekend ? '20:00' : '22:00' };
}

/** The demo club's operating hours, categories and places of varied rules; answers the places. */
export async function insertDemoPlaces(db: Database, companyId: string) {
  await db
    .insert(operatingHours)
    .values(daysOfWeek.map((dayOfWeek) => ({ companyId, dayOfWeek, ...clubHoursOn(dayOfWeek) })));

  const [courts, pools, barbecues] = await db
    .insert(categories)
    .values([
      { companyId, name: 'Quadras', blockedAppointmentDay: true },
      { companyId, name: 'Piscinas' },
      {
        companyId,
        name: 'Churrasqueiras',
        blockedAppointmentDay: true,
        notAppointmentPreviousDayTime: true,
      },
    ])
    .returning();

  return db
    .insert(places)
    .values([
      {
        companyId,
        categoryId: courts!.id,
        name: 'Quadra de Tênis 1',
        description: 'Quadra de saibro coberta, com iluminação para jogos noturnos.',
        startsAt: '07:00',
        endsAt: '22:00',
        bookRange: 60,
        associateReservationLimit: 4,
        availableBookingDays: 14,
        ageRestriction: 0,
        maxCancelBookingTime: 2,
      },
      {
        companyId,
        categoryId: courts!.id,
        name: 'Quadra de Tênis 2',
        description: 'Quadra de piso rápido ao ar livre.',
        startsAt: '07:00',
        endsAt: '21:00',
        bookRange: 60,
        associateReservationLimit: 4,
        availableBookingDays: 14,
        ageRestriction: 0,
        maxCancelBookingTime: 2,
      },
      {
        companyId,
        categoryId: courts!.id,
        name: 'Quadra Poliesportiva',
        description: 'Futsal, vôlei e basquete. Reserva por 90 minutos.',
        startsAt: '08:00',
        endsAt: '22:00',
        bookRange: 90,
        associateReservationLimit: 8,
        availableBookingDays: 7,
        ageRestriction: 0,
        maxCancelBookingTime: 4,
      },
      {
        companyId,
        categoryId: pools!.id,
        name: 'Piscina Semiolímpica — Raia 1',
        description: 'Raia exclusiva para treino. Idade mínima de 12 anos.',
        startsAt: '06:00',
        endsAt: '20:00',
        bookRange: 45,
        associateReservationLimit: 0,
        availableBookingDays: 7,
        ageRestriction: 12,
        maxCancelBookingTime: 1,
      },
      {
        companyId,
        categoryId: barbecues!.id,
        name: 'Churrasqueira do Bosque',
        description: 'Para até 30 pessoas, com pia e freezer. Somente maiores de 18 anos.',
        startsAt: '10:00',
        endsAt: '22:00',
        bookRange: 360,
        associateReservationLimit: 2,
        availableBookingDays: 30,
        ageRestriction: 18,
        maxCancelBookingTime: 48,
      },
      {
        companyId,
        categoryId: barbecues!.id,
        name: 'Espaço Gourmet',
        description: 'Cozinha equipada e mesas para 20 pessoas.',
        startsAt: '11:00',
        endsAt: '23:00',
        bookRange: 240,
        anonymousBooking: true,
        associateReservationLimit: 1,
        availableBookingDays: 60,
        ageRestriction: 18,
        maxCancelBookingTime: 72,
      },
    ])
    .returning();
}

/** Photos of every place of the club, stored as an upload by its administrator. */
export async function addDemoPlacePhotos(
  db: Database,
  club: { id: string },
  staff: { id: string; role: StaffRole },
) {
  // Photos on every place that look like what it is (by day and at dusk), drawn here (no binary
  // files in the repository: ./place-photos) and stored through the same service as an upload.
  const storage = createDatabaseFileStorage(db);
  const placesOfClub = await db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(eq(places.companyId, club.id))
    .orderBy(asc(places.name));
  const photoViews = ['de dia', 'ao entardecer'];
  for (const place of placesOfClub) {
    for (const [index, bytes] of (await drawPlacePhotos(place.name)).entries())
      await createPlaceImage(db, {
        storage,
        staff: {
          userId: staff.id,
          companyIds: new Set([club.id]),
          roles: new Map([[club.id, staff.role]]),
          isServerAdmin: true,
        },
        placeId: place.id,
        sequence: index + 1,
        description: `${place.name}, ${photoViews[index] ?? ''}`.replace(/, $/, ''),
        bytes,
      });
  }
}
