import {
  companyIdParamsSchema,
  createPlaceBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  placeListSchema,
  placeSchema,
  updatePlaceBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { createPlace } from '../../../services/places/create-place';
import { deletePlace } from '../../../services/places/delete-place';
import { listPlaces, readPlaceOfStaff } from '../../../services/places/find-place';
import { updatePlace } from '../../../services/places/update-place';

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/place',
    {
      config: { permission: 'places.write' },
      schema: {
        tags: ['place'],
        summary: 'Cria um espaço',
        body: createPlaceBodySchema,
        response: { 201: placeSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.body.companyId);
      return reply
        .status(201)
        .send(await createPlace(app.db, { ...request.body, staff: request.staff }));
    },
  );

  app.get(
    '/place/company/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['place'],
        summary: 'Espaços ativos de um clube, com a miniatura da capa',
        params: companyIdParamsSchema,
        response: { 200: placeListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return { items: await listPlaces(app.db, { companyId: request.params.companyId }) };
    },
  );

  app.get(
    '/place/:id',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['place'],
        summary: 'Um espaço',
        params: idParamsSchema,
        response: { 200: placeSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      readPlaceOfStaff(app.db, { staff: request.staff, placeId: request.params.id }),
  );

  app.patch(
    '/place',
    {
      config: { permission: 'places.write' },
      schema: {
        tags: ['place'],
        summary: 'Altera um espaço (id no corpo)',
        body: updatePlaceBodySchema,
        response: { 200: placeSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => updatePlace(app.db, { ...request.body, staff: request.staff }),
  );

  app.delete(
    '/place/:id',
    {
      config: { permission: 'places.write' },
      schema: {
        tags: ['place'],
        summary: 'Arquiva um espaço sem agendamentos futuros',
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      await deletePlace(app.db, { staff: request.staff, placeId: request.params.id });
      return { ok: true as const };
    },
  );
};
