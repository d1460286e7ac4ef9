import {
  blockConflictDetailsSchema,
  blockPreviewBodySchema,
  blockedTimeListSchema,
  blockedTimeQuerySchema,
  bulkBlockBodySchema,
  createdBlocksSchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  singleBlockBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBlockedTimes,
  previewBlockedTimes,
} from '../../../services/blocked-times/create-blocked-times';
import { deleteBlockedTime } from '../../../services/blocked-times/delete-blocked-time';
import { listBlockedTimes } from '../../../services/blocked-times/list-blocked-times';

const createResponses = {
  201: createdBlocksSchema,
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

export const blockedTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/blocked-time/preview',
    {
      config: { permission: 'blocks.write' },
      schema: {
        tags: ['blocked-time'],
        summary:
          'Agendamentos que um bloqueio atingiria, com os espaços livres para onde podem ser movidos',
        body: blockPreviewBodySchema,
        response: { 200: blockConflictDetailsSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => previewBlockedTimes(app.db, { caller: request.staff, ...request.body }),
  );

  app.post(
    '/blocked-time/single',
    {
      config: { permission: 'blocks.write' },
      schema: {
        tags: ['blocked-time'],
        summary: 'Bloqueia um horário de um espaço (uma vez ou semanalmente)',
        body: singleBlockBodySchema,
        response: createResponses,
      },
    },
    async (request, reply) => {
      const { placeId, ...block } = request.body;
      const created = await createBlockedTimes(app.db, {
        caller: request.staff,
        publicUrl: app.config.publicUrl,
        ...block,
        placeIds: [placeId],
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/blocked-time/bulk',
    {
      config: { permission: 'blocks.write' },
      schema: {
        tags: ['blocked-time'],
        summary: 'Bloqueia o mesmo horário em vários espaços: todos ou nenhum',
        body: bulkBlockBodySchema,
        response: createResponses,
      },
    },
    async (request, reply) => {
      const created = await createBlockedTimes(app.db, {
        caller: request.staff,
        publicUrl: app.config.publicUrl,
        ...request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/blocked-time/findAll',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['blocked-time'],
        summary: 'Bloqueios de um espaço ou do clube que coincidem com o período',
        querystring: blockedTimeQuerySchema,
        response: { 200: blockedTimeListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      items: await listBlockedTimes(app.db, { caller: request.staff, ...request.query }),
    }),
  );

  app.delete(
    '/blocked-time/:id',
    {
      config: { permission: 'blocks.write' },
      schema: {
        tags: ['blocked-time'],
        summary: 'Exclui um bloqueio',
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema },
      },
    },
    async (request) => deleteBlockedTime(app.db, { caller: request.staff, id: request.params.id }),
  );
};
