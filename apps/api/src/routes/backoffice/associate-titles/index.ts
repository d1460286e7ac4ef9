import {
  associateTitleCompanyParamsSchema,
  associateTitleListSchema,
  associateTitleSchema,
  blockSchema,
  errorBodySchema,
  idParamsSchema,
  liftSuspensionResultSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { blockAssociateTitle } from '../../../services/associate-titles/block-associate-title';
import { listAssociateTitles } from '../../../services/associate-titles/list-associate-titles';
import { liftTitleSuspension } from '../../../services/title-suspensions/lift-title-suspension';

export const associateTitleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['associate-title'];

  app.get(
    '/associate-title/company/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags,
        summary: 'Títulos do clube',
        params: associateTitleCompanyParamsSchema,
        response: { 200: associateTitleListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return { items: await listAssociateTitles(app.db, request.params) };
    },
  );

  app.patch(
    '/associate-title/:id/block',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary: 'Bloqueia (com motivo) ou desbloqueia um título',
        params: idParamsSchema,
        body: blockSchema,
        response: { 200: associateTitleSchema, 404: errorBodySchema },
      },
    },
    (request) =>
      blockAssociateTitle(app.db, {
        actorUserId: request.staff.userId,
        companyIds: request.staff.companyIds,
        id: request.params.id,
        ...request.body,
      }),
  );

  app.patch(
    '/associate-title/:id/lift-suspension',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary: 'Encerra antes do prazo a suspensão em vigor do título',
        params: idParamsSchema,
        response: { 200: liftSuspensionResultSchema, 404: errorBodySchema },
      },
    },
    (request) =>
      liftTitleSuspension(app.db, { staff: request.staff, associateTitleId: request.params.id }),
  );
};
