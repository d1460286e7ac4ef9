import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectSafeError,
  junkString,
  junkValue,
  useFuzzScene,
  type JsonSchema,
  type Operation,
} from './fuzz-scene';

/** Random and malformed path params, query strings and bodies on every route of the OpenAPI document. */

const { context, scene } = useFuzzScene();

/** A value for a schema property: sometimes well-typed, often not. */
function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const typed: Array<fc.Arbitrary<unknown>> = [junkValue];
  if (schema?.enum) typed.push(fc.constantFrom(...schema.enum));
  if (schema?.format === 'uuid') typed.push(fc.constantFrom(...scene.realIds), fc.uuid());
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
          fc.oneof(fc.constantFrom(...scene.realIds), junkString),
        ]),
      ),
    ),
    query: fc.dictionary(
      fc.oneof(
        fc.constantFrom(...queryParameters.map((parameter) => parameter.name), 'x'),
        fc.string({ maxLength: 4 }),
      ),
      fc.oneof(junkString, fc.constantFrom(...scene.realIds)),
      { maxKeys: 5 },
    ),
    body: bodyFor(operation),
    sendsRawText: fc.boolean(),
  });
}

describe('hostile input on every route', () => {
  it('covers the whole route table', () => {
    expect(scene.operations.length).toBeGreaterThanOrEqual(6);
  });

  it('answers 4xx with the error body, never a 5xx', async () => {
    for (const operation of scene.operations) {
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
              ...scene.headersFor(operation.path),
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
