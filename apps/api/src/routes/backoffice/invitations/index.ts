import {
  errorBodySchema,
  idParamsSchema,
  invitationCompanyParamsSchema,
  invitationSentSchema,
  invitationSummarySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { getInvitationSummary } from '../../../services/invitations/get-invitation-summary';
import { inviteAllAssociates } from '../../../services/invitations/invite-all-associates';
import {
  invitationBatching,
  inviteAssociate,
} from '../../../services/invitations/queue-invitations';

/**
 * Invitations to the members' portal. Whoever may set a member's portal password may invite
 * them to choose their own.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['associate'];

  app.post(
    '/associate/:id/invitation',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary: 'Envia ao associado o convite para o portal (um link para criar a senha)',
        params: idParamsSchema,
        response: {
          202: invitationSentSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await inviteAssociate(app.db, {
        companyIds: request.staff.companyIds,
        actorUserId: request.staff.userId,
        publicUrl: app.config.publicUrl,
        id: request.params.id,
      });
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.get(
    '/associate/invitation/company/:companyId',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary:
          'Quantos associados o convite para o portal alcançaria agora e o andamento do último envio',
        params: invitationCompanyParamsSchema,
        response: { 200: invitationSummarySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return getInvitationSummary(app.db, { companyId: request.params.companyId });
    },
  );

  app.post(
    '/associate/invitation/company/:companyId',
    {
      config: { permission: 'associates.write' },
      schema: {
        tags,
        summary:
          'Convida para o portal todos os associados com e-mail e sem senha (não convidados hoje); o envio segue em segundo plano',
        params: invitationCompanyParamsSchema,
        response: { 202: invitationSummarySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      assertStaffOf(request, companyId);
      // The first batch now, the rest by a job (resumed after a restart where it stopped).
      await inviteAllAssociates(app.db, {
        companyId,
        actorUserId: request.staff.userId,
        publicUrl: app.config.publicUrl,
        targetMs:
          app.dbDriver === 'pglite'
            ? invitationBatching.embeddedTargetMs
            : invitationBatching.targetMs,
      });
      return reply.code(202).send(await getInvitationSummary(app.db, { companyId }));
    },
  );
};
