import {
  errorBodySchema,
  holidayListSchema,
  idParamsSchema,
  idSchema,
  okSchema,
  placeWeekAnswerSchema,
  placeWeekSchema,
  savedSpecialDaySchema,
  specialDayBodySchema,
  specialDayListQuerySchema,
  specialDayListSchema,
  specialDayPreviewBodySchema,
  specialDayPreviewSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertStaffOf } from '../../../plugins/auth';
import { getPlaceWeek, setPlaceWeek } from '../../../services/places/place-week';
import { deleteSpecialDay } from '../../../services/special-days/delete-special-day';
import { listHolidays } from '../../../services/special-days/list-holidays';
import { listSpecialDays } from '../../../services/special-days/list-special-days';
import { previewSpecialDay, saveSpecialDay } from '../../../services/special-days/save-special-day';

const saveResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const companyParams = z.object({ companyId: idSchema });

/** Special days (holidays, closures, short hours) and each place's own week. */
export const specialDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/special-day/company/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['special-day'],
        summary: 'Feriados e dias especiais do clube em um ano',
        params: companyParams,
        querystring: specialDayListQuerySchema,
        response: { 200: specialDayListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return {
        items: await listSpecialDays(app.db, { ...request.params, year: request.query.year }),
      };
    },
  );

  app.get(
    '/special-day/company/:companyId/holidays',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['special-day'],
        summary: 'Feriados nacionais de um ano, para o clube escolher quais adicionar',
        params: companyParams,
        querystring: specialDayListQuerySchema,
        response: { 200: holidayListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return {
        items: await listHolidays(app.db, { ...request.params, year: request.query.year }),
      };
    },
  );

  app.post(
    '/special-day/preview',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['special-day'],
        summary: 'Agendamentos que um dia especial deixaria fora do horário',
        body: specialDayPreviewBodySchema.extend({ id: idSchema.optional() }),
        response: { 200: specialDayPreviewSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.body.companyId);
      return previewSpecialDay(app.db, request.body);
    },
  );

  app.post(
    '/special-day',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['special-day'],
        summary:
          'Cria um dia especial: fechado ou com outro horário, do clube, categoria ou espaço',
        body: specialDayBodySchema,
        response: { 201: savedSpecialDaySchema, ...saveResponses },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.body.companyId);
      const saved = await saveSpecialDay(app.db, {
        ...request.body,
        actorUserId: request.staff.userId,
        publicUrl: app.config.publicUrl,
      });
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/special-day/:id',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['special-day'],
        summary: 'Altera um dia especial',
        params: idParamsSchema,
        body: specialDayBodySchema,
        response: { 200: savedSpecialDaySchema, ...saveResponses },
      },
    },
    async (request) => {
      assertStaffOf(request, request.body.companyId);
      return saveSpecialDay(app.db, {
        ...request.body,
        id: request.params.id,
        actorUserId: request.staff.userId,
        publicUrl: app.config.publicUrl,
      });
    },
  );

  app.delete(
    '/special-day/:id',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['special-day'],
        summary: 'Remove um dia especial: a data volta ao horário da semana',
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      deleteSpecialDay(app.db, {
        id: request.params.id,
        companyIds: request.staff.companyIds,
        actorUserId: request.staff.userId,
      }),
  );

  app.get(
    '/place/:id/week',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['special-day'],
        summary: 'A semana própria de um espaço (os dias que diferem da semana do clube)',
        params: idParamsSchema,
        response: { 200: placeWeekAnswerSchema, 404: errorBodySchema },
      },
    },
    async (request) => getPlaceWeek(app.db, { placeId: request.params.id, caller: request.staff }),
  );

  app.put(
    '/place/:id/week',
    {
      config: { permission: 'operating-hours.write' },
      schema: {
        tags: ['special-day'],
        summary: 'Define a semana própria de um espaço, dentro do horário do clube',
        params: idParamsSchema,
        body: placeWeekSchema,
        response: { 200: placeWeekAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      setPlaceWeek(app.db, {
        placeId: request.params.id,
        caller: request.staff,
        actorUserId: request.staff.userId,
        week: request.body,
      }),
  );
};
