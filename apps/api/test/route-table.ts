import {
  bookingGuests,
  bookingSeries,
  placeImages,
  specialDays,
  waitlistEntries,
  type Database,
} from '@clube/db';
import { addDaysToDate, checkInCodeOf, clubInstant, clubToday, formatCpf } from '@clube/shared';
import sharp from 'sharp';
import type { App } from '../src/app';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  uniqueCpf,
} from './factories';

/** The parts of an OpenAPI operation the generated tests read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  anyOf?: JsonSchema[];
};

export type Operation = {
  method: string;
  path: string;
  parameters?: Array<{
    name: string;
    in: 'path' | 'query' | 'header';
    required?: boolean;
    schema?: JsonSchema;
  }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the API's OpenAPI document (the route table), but the docs themselves. */
export function listOperations(app: App): Operation[] {
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        ...operation,
        method: method.toUpperCase(),
        path,
      })),
    );
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method} ${operation.path}`;

/**
 * Multipart routes read their form by hand, so the OpenAPI document does not describe their
 * fields: they are listed here. The tests fail for a route that accepts multipart and is missing
 * from this list, so a new upload route cannot slip past them.
 */
export const multipartForms: Record<
  string,
  { fileField: string; fields: Record<string, 'id' | 'text' | 'number' | 'boolean'> }
> = {
  'POST /api/backoffice/placeImage': {
    fileField: 'image',
    fields: { placeId: 'id', sequence: 'number', description: 'text' },
  },
  'POST /api/backoffice/company/{id}/logo': { fileField: 'image', fields: {} },
  'POST /api/backoffice/associate/import': {
    fileField: 'file',
    fields: { companyId: 'id', dryRun: 'boolean', skipInvalid: 'boolean' },
  },
};

/**
 * Whether the route takes multipart/form-data. The OpenAPI document cannot tell (these routes have
 * no body schema), so the route is asked: an empty form reaches only a route with a multipart
 * parser; every other route refuses the content type (415) before its handler runs.
 */
export async function acceptsMultipart(
  app: App,
  operation: Operation,
  headers: Record<string, string>,
): Promise<boolean> {
  if (!['POST', 'PUT', 'PATCH'].includes(operation.method)) return false;
  const body = await encodeMultipart({});
  const response = await app.inject({
    method: operation.method as 'POST',
    url: operation.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return response.statusCode !== 415;
}

/** A file part of a multipart body: its form field, bytes, file name and media type. */
export type MultipartFile = { field: string; bytes: Uint8Array; name: string; type: string };

/** A multipart body as a browser's FormData sends it: the fields, then the files, in order. */
export async function encodeMultipart(
  fields: Record<string, string>,
  ...files: Array<MultipartFile | undefined>
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    if (!file) continue;
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/**
 * A club with a row of every kind the routes address (its administrator, a place with its
 * category and a photo, an associate and their title, a booking, a block), with real ids to call
 * the routes with: the role matrix and the tenant-isolation matrix both call every route on it.
 */
export async function seedClub(db: Database, name = 'Clube') {
  const { company, staff } = await createClubWithStaff(db, { name });
  await createOperatingHours(db, company.id);
  const place = await createPlace(db, company.id);
  const associate = await createAssociate(db, company.id);
  const start = clubInstant(
    addDaysToDate(clubToday(company.timezone), 5),
    '10:00',
    company.timezone,
  );
  const appointment = await createAppointment(db, {
    place,
    associate,
    startsAt: start,
    endsAt: new Date(start.getTime() + 60 * 60_000),
  });
  const block = await createBlockedTime(db, place, {
    startsAt: new Date(start.getTime() + 4 * 60 * 60_000),
    endsAt: new Date(start.getTime() + 5 * 60 * 60_000),
  });
  const [image] = await db
    .insert(placeImages)
    .values({
      placeId: place.id,
      sequence: 1,
      fileKey: `${crypto.randomUUID()}-display.webp`,
      thumbnailKey: `${crypto.randomUUID()}-thumb.webp`,
      contentType: 'image/webp',
      width: 10,
      height: 10,
    })
    .returning();
  const day = addDaysToDate(clubToday(company.timezone), 40);
  const [guest] = await db
    .insert(bookingGuests)
    .values({ companyId: company.id, appointmentId: appointment.id, name: 'Convidado' })
    .returning();
  const [specialDay] = await db
    .insert(specialDays)
    .values({ companyId: company.id, date: day, name: 'Aniversário do clube' })
    .returning();
  const [series] = await db
    .insert(bookingSeries)
    .values({
      companyId: company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      weekdays: [1],
      startTime: '10:00',
      lengthMinutes: 60,
      startsOn: day,
      endsOn: addDaysToDate(day, 14),
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    })
    .returning();
  const [waitlistEntry] = await db
    .insert(waitlistEntries)
    .values({
      companyId: company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
    })
    .returning();
  return {
    company,
    staff,
    place,
    associate,
    appointment,
    block,
    image: image!,
    guest: guest!,
    specialDay: specialDay!,
    series: series!,
    waitlistEntry: waitlistEntry!,
  };
}
export type SeededClub = Awaited<ReturnType<typeof seedClub>>;

/**
 * The real id of the club's row that an id-like field names; undefined when none does (a new
 * route's field without a mapping, which the tenant matrix reports). `id` means the row of the
 * resource the path is about: /place/{id} is a place, and so on.
 */
export function idFor(club: SeededClub, name: string, path: string): unknown {
  const resource = path.replace('/api/backoffice/', '').split('/')[0] ?? '';
  const ofResource: Record<string, string> = {
    company: club.company.id,
    place: club.place.id,
    category: club.place.categoryId,
    placeImage: club.image.id,
    appointment: club.appointment.id,
    'blocked-time': club.block.id,
    associate: club.associate.id,
    'associate-title': club.associate.associateTitleId,
    guests: club.guest.id,
    'special-day': club.specialDay.id,
    series: club.series.id,
    waitlists: club.waitlistEntry.id,
  };
  const byName: Record<string, unknown> = {
    companyId: club.company.id,
    placeId: club.place.id,
    placeIds: [club.place.id],
    partPlaceIds: [club.place.id],
    categoryId: club.place.categoryId,
    associateId: club.associate.id,
    associateTitleId: club.associate.associateTitleId,
    cardId: club.associate.cardId,
    // The administrator themself: changing or removing them is refused (last administrator), so
    // calling the staff routes changes nobody's access on the way.
    userId: club.staff.id,
    appointmentId: club.appointment.id,
    // Not an id: the report table a CSV export is of.
    table: 'places',
    id: ofResource[resource],
  };
  return byName[name];
}

/**
 * A valid value for each body or query field of the back-office routes, for the generated
 * matrices (roles, tenants): `overrides` says what a matrix writes differently.
 */
export function sampleValues(
  club: SeededClub,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const day = addDaysToDate(clubToday(club.company.timezone), 7);
  const start = clubInstant(day, '12:00', club.company.timezone);
  const end = new Date(start.getTime() + 60 * 60_000);
  const isoWeekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return {
    name: 'Pelo papel',
    description: 'Pelo papel',
    reason: 'Pelo papel',
    startsAt: start.toISOString(),
    startAt: start.toISOString(),
    endsAt: end.toISOString(),
    // A series' start, a time of day (the only route that requires the field).
    startTime: '12:00',
    endTime: end.toISOString(),
    bookRange: 60,
    associateReservationLimit: 1,
    availableBookingDays: 10,
    ageRestriction: 0,
    maxCancelBookingTime: 0,
    anonymousBooking: true,
    blockedAppointmentDay: true,
    notAppointmentPreviousDayTime: true,
    openTime: '07:00',
    closeTime: '21:00',
    dayOfWeek: 'SEGUNDA',
    timezone: 'America/Sao_Paulo',
    currentPassword: 'nao-e-a-senha',
    newPassword: 'senha-nova-123',
    blocked: false,
    date: day,
    fromDate: clubToday(club.company.timezone),
    toDate: addDaysToDate(day, 30),
    cpf: formatCpf(uniqueCpf()),
    role: 'consulta',
    birthDate: '1990-01-01',
    cardId: '99000111',
    title: 'Pelo papel',
    isHolder: false,
    // The check-in code the member shows: of the club's own booking.
    code: checkInCodeOf(club.appointment.id),
    guests: [{ name: 'Convidado pelo papel' }],
    checkedIn: true,
    weekdays: [isoWeekday],
    lengthMinutes: 60,
    startsOn: day,
    endsOn: addDaysToDate(day, 13),
    dates: [day],
    year: Number(day.slice(0, 4)),
    scope: 'all',
    resolutions: [],
    // A place's own week: Mondays closed.
    items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }],
    ...overrides,
  };
}

export const isIdLike = (name: string) => name === 'id' || /Ids?$/.test(name);

/** A file the upload routes accept: a small CSV for the import (`file`), a PNG for photos. */
export async function sampleUploadFor(field: string) {
  if (field === 'file') {
    const csv =
      'cpf,name,birthdate,cardid,title,isholder\n52998224725,Fulano,1990-01-01,999,T1,S\n';
    return { bytes: new TextEncoder().encode(csv), name: 'socios.csv', type: 'text/csv' };
  }
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  return { bytes, name: 'foto.png', type: 'image/png' };
}
