import { placeImages, type Database } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday } from '@clube/shared';
import sharp from 'sharp';
import type { App } from '../src/app';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
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
  return { company, staff, place, associate, appointment, block, image: image! };
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
  };
  const byName: Record<string, unknown> = {
    companyId: club.company.id,
    placeId: club.place.id,
    placeIds: [club.place.id],
    categoryId: club.place.categoryId,
    associateId: club.associate.id,
    associateTitleId: club.associate.associateTitleId,
    cardId: club.associate.cardId,
    // The administrator themself: changing or removing them is refused (last administrator), so
    // calling the staff routes changes nobody's access on the way.
    userId: club.staff.id,
    id: ofResource[resource],
  };
  return byName[name];
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
