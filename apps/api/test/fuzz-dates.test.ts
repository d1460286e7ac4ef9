import { describe, expect, it } from 'vitest';
import { createPlace } from './factories';
import { expectSafeError, useFuzzScene, type JsonSchema } from './fuzz-scene';

const { context, scene } = useFuzzScene();

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
    const idFor = (name: string) =>
      scene.idsByResource[name.replace(/Id$/, '')] ?? scene.realIds[0]!;
    for (const operation of scene.operations) {
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
            headers: scene.headersFor(operation.path),
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
    const companyId = scene.idsByResource.company!;
    // A place of its own: the random requests above may have archived the shared one.
    const { id: placeId } = await createPlace(context.db, companyId);
    const routes: Array<{
      headers: Record<string, string>;
      url: string;
      query: Record<string, string>;
    }> = [
      { headers: scene.staffHeaders, url: '/api/backoffice/day-sheet', query: { companyId } },
      {
        headers: scene.staffHeaders,
        url: `/api/backoffice/appointment/${placeId}/time-slots`,
        query: {},
      },
      {
        headers: scene.staffHeaders,
        url: '/api/backoffice/appointment/occupancy',
        query: { companyId },
      },
      { headers: scene.memberHeaders, url: `/api/portal/places/${placeId}/slots`, query: {} },
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
