import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeMultipart,
  acceptsMultipart,
  listOperations,
  multipartForms,
  operationName,
} from './route-table';
import { expectSafeError, junkString, useFuzzScene, type Operation } from './fuzz-scene';

const { context, scene } = useFuzzScene();

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
    const id = scene.idsByResource[resource];
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
        id: scene.idsByResource[name.replace(/Id$/, '')] ?? scene.realIds[0]!,
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

/** A body of the content type given to the route, with the session of its realm. */
const sendBody = (
  operation: Operation,
  url: string,
  contentType: string,
  payload: string | Buffer,
) =>
  context.app.inject({
    method: operation.method as 'POST',
    url,
    headers: { ...scene.headersFor(operation.path), 'content-type': contentType },
    payload,
  });

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
      if (await acceptsMultipart(context.app, operation, scene.headersFor(operation.path)))
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
        const response = await sendBody(operation, url, contentType, payload);
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
        const response = await sendBody(operation, url, contentType, payload);
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
          { companyId: scene.idsByResource.company!, dryRun },
          { field: 'file', bytes: new TextEncoder().encode(text), name: 'a.csv', type: 'text/csv' },
        );
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/backoffice/associate/import',
          headers: { ...scene.staffHeaders, 'content-type': body.contentType },
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
        fields: fc.dictionary(fieldName, fc.oneof(junkString, fc.constantFrom(...scene.realIds)), {
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
        query: fc.dictionary(fieldName, fc.oneof(junkString, fc.constantFrom(...scene.realIds)), {
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
              ...scene.headersFor(operation.path),
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
