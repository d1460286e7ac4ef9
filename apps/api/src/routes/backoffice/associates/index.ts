import {
  associateAppointmentsSummarySchema,
  associateCardParamsSchema,
  associateListQuerySchema,
  associateListSchema,
  associateSchema,
  blockSchema,
  createAssociateBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateAssociateBodySchema,
  updateAssociatePasswordSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { blockAssociate } from '../../../services/associates/block-associate';
import { createAssociate } from '../../../services/associates/create-associate';
import { updateAssociate } from '../../../services/associates/update-associate';
import { getAssociateAppointmentsSummary } from '../../../services/associates/get-associate-appointments-summary';
import { getAssociateByCard, getAssociateById } from '../../../services/associates/get-associate';
import { listAssociates } from '../../../services/associates/list-associates';
import { updateAssociatePassword } from '../../../services/associates/update-associate-password';
import { associateImportRoutes } from './import';

export const associateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['associate'];

  app.get(
    '/associate/findAllPaginated',
    {
      config: { permission: 'club.read' },
      schema: {
        tags,
        summary: 'Associados do clube, paginados, com busca por nome, CPF ou carteirinha',
        querystring: associateListQuerySchema,
        response: { 200: associateListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return listAssociates(app.db, request.query);
    },
  );

  app.post(
    '/associate',
    {
      config: { permission: 'associates.manage' },
      schema: {
        tags,
        summary: 'Cadastra um associado (as regras da importação; o título pelo nome)',
        body: createAssociateBodySchema,
        response: {
          201: associateSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.body.companyId);
      const id = await createAssociate(app.db, {
        ...request.body,
        actorUserId: request.staff.userId,
      });
      reply.code(201);
      return getAssociateById(app.db, { companyIds: request.staff.companyIds, id });
    },
  );

  app.patch(
    '/associate/:id',
    {
      config: { permission: 'associates.manage' },
      schema: {
        tags,
        summary: 'Altera nome, e-mail e telefone de um associado',
        params: idParamsSchema,
        body: updateAssociateBodySchema,
        response: { 200: associateSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyIds } = request.staff;
      await updateAssociate(app.db, {
        ...request.body,
        id,
        companyIds,
        actorUserId: request.staff.userId,
      });
      return getAssociateById(app.db, { companyIds, id });
    },
  );

  app.get(
    '/associate/id/:id',
    {
      config: { permission: 'club.read' },
      schema: {
        tags,
        summary: 'Um associado',
        params: idParamsSchema,
        response: { 200: associateSchema, 404: errorBodySchema },
      },
    },
    (request) =>
      getAssociateById(app.db, { companyIds: request.staff.companyIds, id: request.params.id }),
  );

  app.get(
    '/associate/id/:id/appointments-summary',
    {
      config: { permission: 'club.read' },
      schema: {
        tags,
        summary: 'Próximos e últimos agendamentos do associado e uso da cota no mês',
        params: idParamsSchema,
        response: { 200: associateAppointmentsSummarySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const associate = await getAssociateById(app.db, {
        companyIds: request.staff.companyIds,
        id: request.params.id,
      });
      return getAssociateAppointmentsSummary(app.db, { associate });
    },
  );

  app.get(
    '/associate/cardId/:cardId/companyId/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags,
        summary: 'O associado de um número de carteirinha no clube',
        params: associateCardParamsSchema,
        response: { 200: associateSchema, 404: errorBodySchema },
      },
    },
    (request) =>
      getAssociateByCard(app.db, { companyIds: request.staff.companyIds, ...request.params }),
  );

  app.patch(
    '/associate/update-password',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary: 'Define a senha de um associado (encerra as sessões dele)',
        body: updateAssociatePasswordSchema,
        response: { 200: okSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await updateAssociatePassword(app.db, {
        actorUserId: request.staff.userId,
        companyIds: request.staff.companyIds,
        ...request.body,
      });
      return { ok: true as const };
    },
  );

  app.patch(
    '/associate/:id/block',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary: 'Bloqueia (com motivo) ou desbloqueia um associado',
        params: idParamsSchema,
        body: blockSchema,
        response: { 200: associateSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyIds } = request.staff;
      await blockAssociate(app.db, {
        actorUserId: request.staff.userId,
        companyIds,
        id,
        ...request.body,
      });
      return getAssociateById(app.db, { companyIds, id });
    },
  );

  await app.register(associateImportRoutes);
};
