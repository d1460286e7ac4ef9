import {
  cancelSeriesBodySchema,
  cancelSeriesResultSchema,
  createSeriesBodySchema,
  errorBodySchema,
  idParamsSchema,
  seriesBodySchema,
  seriesListQuerySchema,
  seriesListSchema,
  seriesPreviewSchema,
  seriesSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelSeries } from '../../../services/series/cancel-series';
import { createSeries } from '../../../services/series/create-series';
import { getSeries, listSeries } from '../../../services/series/list-series';
import { readSeries } from '../../../services/series/preview-series';

const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/** Weekly fixed bookings (docs/domain.md, "Series"). */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/series/preview',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['series'],
        summary: 'Prévia de uma série: cada data, livre ou com o motivo de não poder ser reservada',
        body: seriesBodySchema,
        response: { 200: seriesPreviewSchema, ...errors },
      },
    },
    async (request) =>
      (
        await readSeries(app.db, {
          request: request.body,
          companyIds: request.staff.companyIds,
          now: new Date(),
        })
      ).preview,
  );

  app.post(
    '/series',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['series'],
        summary:
          'Cria a série e reserva as datas escolhidas (livres na prévia), tudo ou nada; uma data ocupada desde a prévia responde SeriesDatesChanged com a nova prévia',
        body: createSeriesBodySchema,
        response: { 201: seriesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { dates, ...series } = request.body;
      const { id } = await createSeries(app.db, {
        staff: request.staff,
        request: series,
        dates,
        confirmation: { publicUrl: app.config.publicUrl, log: request.log },
      });
      return reply
        .status(201)
        .send(await getSeries(app.db, { companyIds: request.staff.companyIds, id }));
    },
  );

  app.get(
    '/series',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['series'],
        summary: 'Séries do clube (de um associado ou de um espaço)',
        querystring: seriesListQuerySchema,
        response: { 200: seriesListSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      items: await listSeries(app.db, { companyIds: request.staff.companyIds, ...request.query }),
    }),
  );

  app.get(
    '/series/:id',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['series'],
        summary: 'Uma série com as suas reservas',
        params: idParamsSchema,
        response: { 200: seriesSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      getSeries(app.db, { companyIds: request.staff.companyIds, id: request.params.id }),
  );

  app.post(
    '/series/:id/cancel',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['series'],
        summary: 'Cancela uma data, esta data e as seguintes, ou a série inteira (com o motivo)',
        params: idParamsSchema,
        body: cancelSeriesBodySchema,
        response: { 200: cancelSeriesResultSchema, ...errors },
      },
    },
    async (request) => ({
      cancelled: await cancelSeries(app.db, {
        staff: request.staff,
        id: request.params.id,
        ...request.body,
        publicUrl: app.config.publicUrl,
      }),
    }),
  );
};
