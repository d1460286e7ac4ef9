import {
  errorBodySchema,
  idParamsSchema,
  invitationCompanyParamsSchema,
  invitationSentSchema,
  invitationSummarySchema,
} from '@clube/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restAsLongAs } from '../../../lib/pace';
import { assertStaffOf } from '../../../plugins/auth';
import { getInvitationSummary } from '../../../services/invitations/get-invitation-summary';
import {
  inviteAllAssociates,
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
      app.outbox.wake();
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

  // A bulk invitation still queueing in the background stops after the batch in hand when the
  // API closes (pressing again the same day invites the rest), before the database closes.
  const running = new Set<Promise<unknown>>();
  const closing = new AbortController();
  app.addHook('onClose', async () => {
    closing.abort();
    await Promise.all(running);
  });

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
      const bulk = await inviteAllAssociates(app.db, {
        companyId,
        actorUserId: request.staff.userId,
        publicUrl: app.config.publicUrl,
        // The batches go on after the answer; their lines still name the request that began them.
        log: request.log,
        signal: closing.signal,
        targetMs:
          app.dbDriver === 'pglite'
            ? invitationBatching.embeddedTargetMs
            : invitationBatching.targetMs,
        // The sender starts on the first batch while the others are queued. On the embedded
        // database (one connection, in this thread) the batches rest as long as they worked.
        betweenBatches: async ({ elapsedMs }) => {
          app.outbox.wake();
          await (app.dbDriver === 'pglite' ? restAsLongAs(elapsedMs) : nextTurn());
        },
      });
      if (bulk) {
        running.add(bulk.finished);
        void bulk.finished.then(() => {
          running.delete(bulk.finished);
          app.outbox.wake();
        });
      }
      app.outbox.wake();
      return reply.code(202).send(await getInvitationSummary(app.db, { companyId }));
    },
  );
};
