import {
  addStaffBodySchema,
  addStaffResultSchema,
  companyParamsSchema,
  errorBodySchema,
  okSchema,
  staffListSchema,
  staffMemberParamsSchema,
  staffMemberSchema,
  updateStaffRoleBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { addStaff } from '../../../services/staff/add-staff';
import { listStaff } from '../../../services/staff/list-staff';
import { removeStaff } from '../../../services/staff/remove-staff';
import { updateStaffRole } from '../../../services/staff/update-staff-role';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A club's staff and their roles: administrators only (permission `staff.manage`). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/:companyId/staff',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'A equipe do clube com o papel de cada um',
        params: companyParamsSchema,
        response: { 200: staffListSchema, ...errors },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return { items: await listStaff(app.db, request.params) };
    },
  );

  app.post(
    '/company/:companyId/staff',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary:
          'Convida uma pessoa para a equipe pelo CPF, tenha ela conta ou não (a mesma resposta): por e-mail, se o servidor envia e-mails e há e-mail; senão, senha provisória mostrada uma vez. A pessoa só entra no clube ao aceitar',
        params: companyParamsSchema,
        body: addStaffBodySchema,
        response: { 201: addStaffResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.params.companyId);
      const result = await addStaff(app.db, {
        ...request.body,
        companyId: request.params.companyId,
        actorUserId: request.staff.userId,
        mail: app.config.smtpUrl ? { publicUrl: app.config.publicUrl } : null,
      });
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/company/:companyId/staff/:userId',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Muda o papel de uma pessoa no clube (vale a partir da próxima requisição)',
        params: staffMemberParamsSchema,
        body: updateStaffRoleBodySchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return updateStaffRole(app.db, {
        ...request.params,
        ...request.body,
        actorUserId: request.staff.userId,
      });
    },
  );

  app.delete(
    '/company/:companyId/staff/:userId',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary:
          'Tira uma pessoa da equipe do clube ou cancela o convite (o acesso acaba na próxima requisição; links e senha provisória do clube deixam de valer)',
        params: staffMemberParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      await removeStaff(app.db, { ...request.params, actorUserId: request.staff.userId });
      return { ok: true as const };
    },
  );
};
