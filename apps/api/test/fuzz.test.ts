import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from './factories';
import { build } from './helper';
import { setServerAdmin } from '../src/services/staff/set-server-admin';
import {
  acceptsMultipart,
  encodeMultipart,
  listOperations,
  multipartForms,
  operationName,
} from './route-table';

/**
 * Hostile input over every route of the OpenAPI document (so new routes are covered without
 * touching this file): random and malformed path params, query strings and bodies must always
 * answer a 4xx with the error body — never a 5xx, a stack trace or SQL.
 */

type Operation = {
  method: string;
  path: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  anyOf?: JsonSchema[];
};

const context = build();
let staffHeaders: Record<string, string>;
let memberHeaders: Record<string, string>;
/** Each realm's routes are fuzzed with its own session, so requests get past the sign-in check. */
const headersFor = (path: string) =>
  path.startsWith('/api/portal/') ? memberHeaders : staffHeaders;
let realIds: string[];
/** A real row of the caller's club for each resource a path parameter may name. */
let idsByResource: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  const db = context.db;
  const { company, staff } = await createClubWithStaff(db);
  // A server administrator too, so the server's routes (creating a club) are fuzzed past their
  // permission, like every club route.
  await setServerAdmin(db, { cpf: staff.cpf, isServerAdmin: true });
  const place = await createPlace(db, company.id);
  const associate = await createAssociate(db, company.id, { password: 'senha-do-socio' });
  await createOperatingHours(db, company.id);
  staffHeaders = await bearerFor(context.app, staff.cpf);
  const member = await context.app.inject({
    method: 'POST',
    url: '/api/portal/auth/login',
    payload: { cpf: associate.cpf, password: 'senha-do-socio' },
  });
  memberHeaders = { authorization: `Bearer ${member.json().access_token}` };
  realIds = [company.id, place.id, place.categoryId, associate.id, associate.associateTitleId];
  idsByResource = {
    company: company.id,
    place: place.id,
    category: place.categoryId,
    associate: associate.id,
    associateTitle: associate.associateTitleId,
  };

  const document = context.app.swagger() as unknown as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(document.paths)
    // The member's event stream takes no input but the token, answers 200 and stays open (its
    // refusals: club-events.test.ts); inject would wait for its end.
    .filter(([path]) => !path.startsWith('/api/docs') && path !== '/api/portal/events')
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        ...operation,
        method: method.toUpperCase(),
        path,
      })),
    );
});

const junkString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    '%00',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    'null',
    'undefined',
    '-1',
    '1e309',
    'NaN',
    '9999-99-99',
    '2026-02-30',
    '25:61',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(5000),
    '１２３',
    '\u0000',
  ),
  fc.integer().map(String),
  fc.uuid(),
);

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), junkString, { maxKeys: 3 }),
);

/** A value for a schema property: sometimes well-typed, often not. */
function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const typed: Array<fc.Arbitrary<unknown>> = [junkValue];
  if (schema?.enum) typed.push(fc.constantFrom(...schema.enum));
  if (schema?.format === 'uuid') typed.push(fc.constantFrom(...realIds), fc.uuid());
  if (schema?.format === 'date-time')
    typed.push(fc.date().map((date) => (Number.isNaN(date.getTime()) ? 'x' : date.toISOString())));
  if (schema?.type === 'array') typed.push(fc.array(valueFor(schema.items), { maxLength: 3 }));
  if (schema?.type === 'integer' || schema?.type === 'number')
    typed.push(fc.integer({ min: -5, max: 2000 }));
  return fc.oneof(...typed);
}

function bodyFor(operation: Operation): fc.Arbitrary<unknown> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const properties = schema?.properties ?? {};
  const shaped = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, valueFor(property)]),
    ),
    { requiredKeys: [] },
  );
  return fc.oneof(shaped, junkValue, fc.anything());
}

function requestFor(operation: Operation) {
  const pathParameters = (operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'path',
  );
  const queryParameters = (operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'query',
  );
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        pathParameters.map((parameter) => [
          parameter.name,
          fc.oneof(fc.constantFrom(...realIds), junkString),
        ]),
      ),
    ),
    query: fc.dictionary(
      fc.oneof(
        fc.constantFrom(...queryParameters.map((parameter) => parameter.name), 'x'),
        fc.string({ maxLength: 4 }),
      ),
      fc.oneof(junkString, fc.constantFrom(...realIds)),
      { maxKeys: 5 },
    ),
    body: bodyFor(operation),
    sendsRawText: fc.boolean(),
  });
}

function expectSafeError(statusCode: number, body: string, label: string) {
  expect(statusCode, label).toBeLessThan(500);
  if (statusCode < 400) return;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed, label).toMatchObject({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
  });
  expect(body, label).not.toMatch(/\n\s+at |node_modules|\bselect\b.*\bfrom\b|\binsert into\b/i);
}

describe('hostile input on every route', () => {
  it('covers the whole route table', () => {
    expect(operations.length).toBeGreaterThanOrEqual(6);
  });

  it('answers 4xx with the error body, never a 5xx', async () => {
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(String(request.path[name] ?? 'x')),
          );
          const hasBody = !['GET', 'DELETE', 'HEAD'].includes(operation.method);
          const response = await context.app.inject({
            method: operation.method as 'GET',
            url,
            query: request.query as Record<string, string>,
            headers: {
              ...headersFor(operation.path),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody
              ? {
                  // Raw text: the JSON cut short, which is never valid JSON.
                  payload: request.sendsRawText
                    ? (JSON.stringify(request.body) ?? 'x').slice(0, -1)
                    : (JSON.stringify(request.body) ?? 'null'),
                }
              : {}),
          });
          expectSafeError(response.statusCode, response.body, `${operation.method} ${url}`);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
  });
});

/** Dates and instants at and past the ends of the calendar the API computes with. */
const extremeDates = [
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  '0001-01-01T00:00:00Z',
  '1000-02-29',
  '2999-12-31',
  '2999-12-31T23:59:59.999-03:00',
  '1900-01-01',
];

const isDateSchema = (schema: JsonSchema | undefined): boolean =>
  schema?.format === 'date' ||
  schema?.format === 'date-time' ||
  (schema?.anyOf ?? []).some(isDateSchema);

describe('far-future and far-past dates on every route', () => {
  /**
   * Every query parameter and body field that is a date or an instant, on every route, with real
   * ids of the caller's club everywhere else (so the date is what is judged): the first and last
   * accepted years are answered, anything past them is a 4xx with the error body. These found that
   * 9999-12-31 answered 500 on the day sheet, the time slots and the occupancy (the day after it
   * cannot be written).
   */
  it('answers 2xx or 4xx with the error body, never a 5xx', async () => {
    let tried = 0;
    const idFor = (name: string) => idsByResource[name.replace(/Id$/, '')] ?? realIds[0]!;
    for (const operation of operations) {
      const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'id' ? idFor(operation.path.split('/')[3] ?? '') : idFor(name),
      );
      const queryParameters = (operation.parameters ?? []).filter(
        ({ in: where }) => where === 'query',
      );
      const baseQuery = Object.fromEntries(
        queryParameters
          .filter(({ name }) => name.endsWith('Id'))
          .map(({ name }) => [name, idFor(name)]),
      );
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const dateFields = [
        ...queryParameters
          .filter((parameter) => isDateSchema(parameter.schema as JsonSchema))
          .map(({ name }) => ({ in: 'query' as const, name })),
        ...Object.entries(bodySchema?.properties ?? {})
          .filter(([, property]) => isDateSchema(property))
          .map(([name]) => ({ in: 'body' as const, name })),
      ];
      for (const field of dateFields) {
        for (const value of extremeDates) {
          tried += 1;
          const response = await context.app.inject({
            method: operation.method as 'GET',
            url,
            query: field.in === 'query' ? { ...baseQuery, [field.name]: value } : baseQuery,
            headers: headersFor(operation.path),
            ...(field.in === 'body' ? { payload: { [field.name]: value } } : {}),
          });
          const label = `${operation.method} ${operation.path} ${field.name}=${value}`;
          expectSafeError(response.statusCode, response.body, label);
        }
      }
    }
    // The day sheet, slots, occupancy, appointment lists and blocks at least.
    expect(tried).toBeGreaterThanOrEqual(6 * extremeDates.length);
  });

  it('answers 400 ValidationError naming the date past the accepted years on the day sheet, slots and occupancy', async () => {
    const companyId = idsByResource.company!;
    // A place of its own: the random requests above may have archived the shared one.
    const { id: placeId } = await createPlace(context.db, companyId);
    const routes: Array<{
      headers: Record<string, string>;
      url: string;
      query: Record<string, string>;
    }> = [
      { headers: staffHeaders, url: '/api/backoffice/day-sheet', query: { companyId } },
      {
        headers: staffHeaders,
        url: `/api/backoffice/appointment/${placeId}/time-slots`,
        query: {},
      },
      { headers: staffHeaders, url: '/api/backoffice/appointment/occupancy', query: { companyId } },
      { headers: memberHeaders, url: `/api/portal/places/${placeId}/slots`, query: {} },
    ];
    for (const route of routes) {
      for (const date of ['9999-12-31', '3000-01-01', '1899-12-31']) {
        const response = await context.app.inject({
          url: route.url,
          headers: route.headers,
          query: { ...route.query, date },
        });
        expect(response.statusCode, `${route.url} ${date}`).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'ValidationError',
          details: [
            { in: 'querystring', path: 'date', message: expect.stringContaining('1900 a 2999') },
          ],
        });
      }
      const lastYear = await context.app.inject({
        url: route.url,
        headers: route.headers,
        query: { ...route.query, date: '2999-12-31' },
      });
      expect(lastYear.statusCode, `${route.url} 2999-12-31`).toBe(200);
    }
  });
});

/**
 * The path of a route with real ids of the caller's club, so that the request gets past the
 * params and the tenant check and its body is really parsed: `{id}` is the row of the resource
 * the path is about (/company/{id}/logo is a club), `{placeId}` a place, and so on.
 */
function urlWithRealIds(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const resource =
      name === 'id'
        ? operation.path.replace('/api/backoffice/', '').split('/')[0]!
        : name.replace(/Id$/, '');
    const id = idsByResource[resource];
    if (!id) {
      throw new Error(`no real id for {${name}} of ${operationName(operation)}: add it above`);
    }
    return id;
  });
}

/** A well-formed form of the route: its fields with plausible values and a 4 KB file. */
async function wellFormedForm(operation: Operation) {
  const form = multipartForms[operationName(operation)]!;
  const fields = Object.fromEntries(
    Object.entries(form.fields).map(([name, kind]) => {
      const value = {
        id: idsByResource[name.replace(/Id$/, '')] ?? realIds[0]!,
        number: '1',
        boolean: 'true',
        text: 'texto',
      }[kind];
      return [name, value];
    }),
  );
  return encodeMultipart(fields, {
    field: form.fileField,
    bytes: new Uint8Array(4096).fill(65),
    name: 'arquivo.png',
    type: 'image/png',
  });
}

describe('hostile multipart on every upload route', () => {
  /**
   * Every route of the OpenAPI document, which @fastify/swagger fills from an onRoute hook (every
   * registered route, with or without a schema), that takes a multipart body: each route is asked
   * (see acceptsMultipart), so a new upload route is found even if it declares nothing.
   */
  let uploadRoutes: Operation[];
  beforeAll(async () => {
    uploadRoutes = [];
    for (const operation of listOperations(context.app)) {
      if (await acceptsMultipart(context.app, operation, headersFor(operation.path)))
        uploadRoutes.push(operation);
    }
  });

  it('finds every upload route, each described in route-table.ts', () => {
    expect(uploadRoutes.map(operationName).sort()).toEqual(Object.keys(multipartForms).sort());
  });

  it('answers 400 with the error body to a cut-off body and to a missing, empty or wrong boundary', async () => {
    for (const operation of uploadRoutes) {
      const url = urlWithRealIds(operation);
      const form = await wellFormedForm(operation);
      const cases: Array<[string, string, Buffer]> = [
        ['cut in the middle', form.contentType, form.payload.subarray(0, form.payload.length / 2)],
        ['cut before its end', form.contentType, form.payload.subarray(0, -10)],
        ['cut in the first headers', form.contentType, form.payload.subarray(0, 60)],
        ['empty boundary', 'multipart/form-data; boundary=', form.payload],
        ['quoted empty boundary', 'multipart/form-data; boundary=""', form.payload],
        ['no boundary', 'multipart/form-data', form.payload],
        ['wrong boundary', 'multipart/form-data; boundary=not-the-one-used', form.payload],
      ];
      for (const [label, contentType, payload] of cases) {
        const response = await context.app.inject({
          method: operation.method as 'POST',
          url,
          headers: { ...headersFor(operation.path), 'content-type': contentType },
          payload,
        });
        const name = `${operationName(operation)}: ${label}`;
        expect(response.statusCode, name).toBe(400);
        expectSafeError(response.statusCode, response.body, name);
      }
    }
  });

  it('refuses a body that is not a form with a 4xx and the error body', async () => {
    for (const operation of uploadRoutes) {
      const url = urlWithRealIds(operation);
      const form = await wellFormedForm(operation);
      const boundary = form.contentType.split('boundary=')[1]!;
      const cases: Array<[string, string | Buffer]> = [
        [`multipart/mixed; boundary=${boundary}`, form.payload],
        ['application/octet-stream', form.payload],
        ['text/plain', form.payload],
        ['application/json', '{"image":"x"}'],
      ];
      for (const [contentType, payload] of cases) {
        const response = await context.app.inject({
          method: operation.method as 'POST',
          url,
          headers: { ...headersFor(operation.path), 'content-type': contentType },
          payload,
        });
        const name = `${operationName(operation)}: ${contentType}`;
        // 415 where the content type is refused as such, 400 where the route reads it as a
        // form that is not there; never the handler failing on it.
        expect([400, 415], name).toContain(response.statusCode);
        expectSafeError(response.statusCode, response.body, name);
      }
    }
  });

  it('answers 400 CsvMalformed to quotes out of place in a CSV field, never a 5xx', async () => {
    const header = 'cpf,name,birthDate,cardId,title,isHolder';
    const files = [
      `${header}\n52998224725,Ana "Aninha" Souza,10/05/1980,1,T,sim\n`,
      `${header}\n52998224725,"Ana" Souza,10/05/1980,1,T,sim\n`,
      `${header}\n"52998224725,Ana,10/05/1980,1,T,sim\n`,
      `${header}\n52998224725,Ana,10/05/1980,1,T,sim"\n`,
    ];
    for (const dryRun of ['true', 'false']) {
      for (const text of files) {
        const body = await encodeMultipart(
          { companyId: idsByResource.company!, dryRun },
          { field: 'file', bytes: new TextEncoder().encode(text), name: 'a.csv', type: 'text/csv' },
        );
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/backoffice/associate/import',
          headers: { ...staffHeaders, 'content-type': body.contentType },
          payload: body.payload,
        });
        expectSafeError(response.statusCode, response.body, text);
        expect(response.json(), text).toMatchObject({ statusCode: 400, error: 'CsvMalformed' });
      }
    }
  });

  it('answers 4xx with the error body to random forms, files and cut-off bodies', async () => {
    for (const operation of uploadRoutes) {
      const form = multipartForms[operationName(operation)]!;
      const url = urlWithRealIds(operation);
      const fieldName = fc.oneof(
        fc.constantFrom(...Object.keys(form.fields), form.fileField),
        fc.string({ maxLength: 6 }),
      );
      const fileBytes = fc.oneof(
        fc.uint8Array({ maxLength: 512 }),
        fc
          .constantFrom(
            'cpf,name,birthdate,cardid,title,isholder\n',
            'cpf;name\n1;2\n',
            // Quotes inside unquoted values, after closing quotes, and never closed.
            'cpf,name,birthDate,cardId,title,isHolder\n52998224725,Ana "Aninha" Souza,10/05/1980,1,T,sim\n',
            'cpf,name,birthDate,cardId,title,isHolder\n52998224725,"Ana" Souza,10/05/1980,1,T,sim\n',
            'cpf,name,birthDate,cardId,title,isHolder\n"52998224725,Ana,10/05/1980,1,T,sim\n',
            '\u0000\u0000',
            '<svg onload=alert(1)>',
            'GIF89a<script>',
          )
          .map((text) => new TextEncoder().encode(text)),
        junkString.map((text) => new TextEncoder().encode(text)),
      );
      const request = fc.record({
        fields: fc.dictionary(fieldName, fc.oneof(junkString, fc.constantFrom(...realIds)), {
          maxKeys: 5,
        }),
        file: fc.option(
          fc.record({
            field: fieldName,
            bytes: fileBytes,
            name: fc.oneof(junkString, fc.constantFrom('../../x.png', 'a.csv')),
            type: fc.constantFrom('image/png', 'text/csv', 'text/html', 'application/octet-stream'),
          }),
        ),
        query: fc.dictionary(fieldName, fc.oneof(junkString, fc.constantFrom(...realIds)), {
          maxKeys: 3,
        }),
        cutAt: fc.option(fc.nat()),
        wrongBoundary: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const body = await encodeMultipart(input.fields, input.file ?? undefined);
          const payload =
            input.cutAt === null ? body.payload : body.payload.subarray(0, input.cutAt);
          const response = await context.app.inject({
            method: operation.method as 'POST',
            url,
            query: input.query,
            headers: {
              ...headersFor(operation.path),
              'content-type': input.wrongBoundary
                ? 'multipart/form-data; boundary=not-the-one-used'
                : body.contentType,
            },
            payload,
          });
          expectSafeError(response.statusCode, response.body, operationName(operation));
        }),
        { numRuns: 40, seed: 20261123 },
      );
    }
  });
});
