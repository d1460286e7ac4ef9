import {
  errorBodySchema,
  idSchema,
  operatingHourBodySchema,
  operatingHourListSchema,
  operatingHourSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertStaffOf } from '../../../plugins/auth';
import { createOperatingHour } from '../../../services/operating-hours/create-operating-hour';
import { listOperatingHours } from '../../../services/operating-hours/list-operating-hours';
import { updateOperatingHour } from '../../../services/operating-hours/update-operating-hour';

export const operatingHourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/operating-hour',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['operating-hour'],
        summary: 'Cria o horário de funcionamento de um dia da semana',
        body: operatingHourBodySchema,
        response: {
          201: operatingHourSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.body.companyId);
      const operatingHour = await createOperatingHour(app.db, {
        ...request.body,
        actorUserId: request.staff.userId,
      });
      return reply.status(201).send(operatingHour);
    },
  );

  app.get(
    '/operating-hour/company/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['operating-hour'],
        summary: 'Horários de funcionamento do clube, de domingo a sábado',
        params: z.object({ companyId: idSchema }),
        response: { 200: operatingHourListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return { items: await listOperatingHours(app.db, { companyId: request.params.companyId }) };
    },
  );

  app.patch(
    '/operating-hour/company',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['operating-hour'],
        summary: 'Atualiza o horário de funcionamento de um dia da semana do clube',
        body: operatingHourBodySchema,
        response: { 200: operatingHourSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.body.companyId);
      return updateOperatingHour(app.db, { ...request.body, actorUserId: request.staff.userId });
    },
  );
};
