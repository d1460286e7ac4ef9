import { companies, placeImages, refreshTokens, schema, users, type Database } from '@clube/db';
import { serverPermissions, type Permission } from '@clube/shared';
import { eq, getTableColumns, getTableName, is, or } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bearerFor, login, createClubWithBearer } from './factories';
import { build } from './helper';
import {
  acceptsMultipart,
  encodeMultipart,
  idFor,
  isIdLike,
  listOperations,
  multipartForms,
  operationName,
  sampleUploadFor,
  sampleValues,
  seedClub,
  type JsonSchema,
  type Operation,
  type SeededClub,
} from './route-table';

/**
 * The tenant-isolation matrix, generated from the route table: every route that takes an id (in
 * its path, query, body or form) is called by staff of club B with real ids of club A. It must
 * answer 404, exactly like a missing row, and leave every row of club A as it was. A route whose
 * id parameter has no mapping below fails the test, so a new route cannot slip through.
 */

const context = build();

type Club = SeededClub;

/** Valid values for the other fields, so a request reaches the tenant check instead of a 400. */
/** What another club's staff would write: nothing of it may reach club A. */
const samplesOfAnotherClub = (club: Club) =>
  sampleValues(club, {
    name: 'Tentativa de outro clube',
    description: 'Tentativa de outro clube',
    reason: 'Tentativa de outro clube',
    title: 'Tentativa de outro clube',
    timezone: 'America/Manaus',
    newPassword: 'senha-de-outro-clube',
    currentPassword: undefined,
    blocked: true,
    cpf: '529.982.247-25',
    cardId: '99000222',
  });

type IdField = { in: 'path' | 'query' | 'body' | 'form'; name: string };

/** Body fields named like ids that are the new row's own values, not references to rows. */
const valuesNamedLikeIds: Record<string, string[]> = {
  // The card number the new member gets: another club's member may hold the same number.
  'POST /api/backoffice/associate': ['cardId'],
  // Which report table a file is of, not a row.
  'GET /api/backoffice/reports/{table}/export.csv': ['table'],
  // A special day covers a category or a place, never both: the place stands for the scope here
  // (test/backoffice/special-days/special-days.test.ts refuses another club's category).
  'POST /api/backoffice/special-day/preview': ['categoryId'],
  'POST /api/backoffice/special-day': ['categoryId'],
  'PUT /api/backoffice/special-day/{id}': ['categoryId'],
};

/** The id-like fields of a route, from its path, query and JSON body (or its multipart form). */
function idFieldsOf(operation: Operation): IdField[] {
  const fromParameters = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'path' || isIdLike(parameter.name))
    .filter((parameter) => parameter.in !== 'header')
    .filter((parameter) => !valuesNamedLikeIds[operationName(operation)]?.includes(parameter.name))
    .map((parameter) => ({ in: parameter.in as 'path' | 'query', name: parameter.name }));
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const fromBody = Object.keys(body?.properties ?? {})
    .filter(isIdLike)
    .filter((name) => !valuesNamedLikeIds[operationName(operation)]?.includes(name))
    .map((name) => ({ in: 'body' as const, name }));
  const form = multipartForms[operationName(operation)];
  const fromForm = Object.entries(form?.fields ?? {})
    .filter(([name, kind]) => kind === 'id' && !fromParameters.some((field) => field.name === name))
    .map(([name]) => ({ in: 'form' as const, name }));
  return [...fromParameters, ...fromBody, ...fromForm];
}

/**
 * The request of `operation` where each id field takes its value from `owner(field)`: club A for
 * the fields under test, club B for the others.
 */
async function requestOf(
  operation: Operation,
  owner: (field: IdField) => Club,
  headers: object,
  samples: Record<string, unknown>,
) {
  const fields = idFieldsOf(operation);
  const valueOf = (field: IdField) => idFor(owner(field), field.name, operation.path);

  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(valueOf({ in: 'path', name }))),
  );
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const field = fields.find((candidate) => candidate.name === parameter.name);
    const value = field ? valueOf(field) : parameter.required ? samples[parameter.name] : undefined;
    if (value !== undefined) query[parameter.name] = String(value);
  }

  const form = multipartForms[operationName(operation)];
  if (form) {
    const formFields: Record<string, string> = {};
    for (const field of fields.filter((candidate) => candidate.in === 'form')) {
      formFields[field.name] = String(valueOf(field));
    }
    const file = await sampleUploadFor(form.fileField);
    const body = await encodeMultipart(formFields, { field: form.fileField, ...file });
    return {
      method: operation.method,
      url,
      query,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    };
  }

  const schema: JsonSchema | undefined =
    operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return { method: operation.method, url, query, headers };
  const payload: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) {
    if (name in samples) payload[name] = samples[name];
    else if (schema.required?.includes(name) && !isIdLike(name)) {
      throw new Error(`${operationName(operation)}: no sample value for required field ${name}`);
    }
  }
  for (const field of fields.filter((candidate) => candidate.in === 'body')) {
    payload[field.name] = valueOf(field);
  }
  return { method: operation.method, url, query, headers, payload };
}

/** Every row of club A, to compare before and after each request. */
async function snapshotOf(db: Database, club: Club) {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    const companyId = (getTableColumns(table) as Record<string, PgColumn>).companyId;
    if (!companyId) continue;
    snapshot[getTableName(table)] = await db
      .select()
      .from(table)
      .where(eq(companyId, club.company.id));
  }
  snapshot.companies = await db.select().from(companies).where(eq(companies.id, club.company.id));
  // The staff account is global, not the club's: it must not change either.
  snapshot.users = await db.select().from(users).where(eq(users.id, club.staff.id));
  snapshot.refreshTokens = await db
    .select()
    .from(refreshTokens)
    .where(
      or(eq(refreshTokens.userId, club.staff.id), eq(refreshTokens.associateId, club.associate.id)),
    );
  snapshot.placeImages = await db
    .select()
    .from(placeImages)
    .where(eq(placeImages.placeId, club.place.id));
  return JSON.parse(JSON.stringify(snapshot)) as unknown;
}

/**
 * Routes outside the back office are public or about the caller's own session, never a club's id;
 * the server's own routes (creating a club) name no club either.
 */
const isClubRoute = (operation: Operation) =>
  operation.path.startsWith('/api/backoffice/') &&
  !serverPermissions.includes((operation as { 'x-permission'?: Permission })['x-permission']!);

describe('tenant isolation matrix', () => {
  it('maps every id parameter of every back-office route to a real row', async () => {
    const { headers } = await createClubWithBearer(context.app);
    const unmapped: string[] = [];
    for (const operation of listOperations(context.app)) {
      if (!isClubRoute(operation)) continue;
      const isUpload = await acceptsMultipart(context.app, operation, headers);
      if (isUpload && !multipartForms[operationName(operation)]) {
        unmapped.push(`${operationName(operation)}: multipart form not described in route-table`);
      }
      for (const field of idFieldsOf(operation)) {
        if (idFor(placeholderClub, field.name, operation.path) === undefined) {
          unmapped.push(`${operationName(operation)}: ${field.in} ${field.name}`);
        }
      }
    }
    expect(unmapped).toEqual([]);
  });

  it('answers 404 to staff of club B with ids of club A, changing nothing of club A', async () => {
    const db = context.db;
    const clubA = await seedClub(db);
    const clubB = await seedClub(db);
    const headersB = await bearerFor(context.app, clubB.staff.cpf);
    // A session of club A's staff, so a route that wrongly revoked sessions would show.
    await login(context.app, clubA.staff.cpf);

    const operations = listOperations(context.app).filter(
      (operation) => isClubRoute(operation) && idFieldsOf(operation).length > 0,
    );
    expect(operations.length).toBeGreaterThanOrEqual(25);

    const samples = samplesOfAnotherClub(clubA);
    const failures: string[] = [];
    for (const operation of operations) {
      const fields = idFieldsOf(operation);
      // All ids of club A; then, when a route takes several, each one of A among B's own.
      const cases: Array<{ label: string; ofA: (field: IdField) => boolean }> = [
        { label: 'all ids of A', ofA: () => true },
        ...(fields.length > 1
          ? fields.map((target) => ({
              label: `only ${target.in} ${target.name} of A`,
              ofA: (field: IdField) => field.name === target.name && field.in === target.in,
            }))
          : []),
      ];
      for (const testCase of cases) {
        const before = await snapshotOf(db, clubA);
        const request = await requestOf(
          operation,
          (field) => (testCase.ofA(field) ? clubA : clubB),
          headersB,
          samples,
        );
        const response = await context.app.inject(request as never);
        const label = `${operationName(operation)} (${testCase.label})`;
        const after = await snapshotOf(db, clubA);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(`${label}: changed rows of club A`);
        }
        if (response.statusCode === 404) continue;
        // A filter of a report or an export naming another club's row is refused as such (400
        // `ReportPlaceOfAnotherClub`…), which says no more than a 404 would.
        if (response.statusCode === 400 && /OfAnotherClub"/.test(response.body)) continue;
        // A GET whose id of A is only a filter of a list already scoped to the caller's club may
        // answer that list, as long as nothing of club A is in it.
        const onlyFilters = fields
          .filter(testCase.ofA)
          .every((field) => field.in === 'query' && field.name !== 'companyId');
        const leaks = [
          clubA.company.id,
          clubA.place.id,
          clubA.associate.id,
          clubA.appointment.id,
        ].filter((id) => response.body.includes(id));
        if (operation.method === 'GET' && onlyFilters && response.statusCode === 200) {
          if (leaks.length > 0) failures.push(`${label}: 200 showing rows of club A`);
          continue;
        }
        failures.push(`${label}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/** Ids are only looked up by name here; any club-shaped value shows whether a mapping exists. */
const placeholderClub = {
  company: { id: 'company' },
  place: { id: 'place', categoryId: 'category' },
  associate: { id: 'associate', associateTitleId: 'title', cardId: '1' },
  appointment: { id: 'appointment' },
  block: { id: 'block' },
  image: { id: 'image' },
  staff: { id: 'staff' },
  guest: { id: 'guest' },
  specialDay: { id: 'special-day' },
  series: { id: 'series' },
  waitlistEntry: { id: 'waitlist-entry' },
} as unknown as Club;
