import {
  companyListSchema,
  companyOfStaffSchema,
  companySchema,
  createCompanyBodySchema,
  errorBodySchema,
  idParamsSchema,
  updateCompanyBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { createClub } from '../../../services/companies/create-club';
import {
  getCompanyOfStaff,
  listCompaniesOfStaff,
} from '../../../services/companies/list-companies';
import { updateCompany } from '../../../services/companies/update-company';
import { companyLogoRoutes } from './logo';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(companyLogoRoutes);

  app.get(
    '/company',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['company'],
        summary: 'Clubes de que o usuário é staff',
        response: { 200: companyListSchema },
      },
    },
    async (request) => ({
      items: await listCompaniesOfStaff(app.db, { userId: request.staff.userId }),
      canCreateClubs: request.staff.isServerAdmin,
    }),
  );

  app.post(
    '/company',
    {
      config: { permission: 'server.create-club' },
      schema: {
        tags: ['company'],
        summary: 'Criar um clube (administradores do servidor); quem cria é o administrador dele',
        body: createCompanyBodySchema,
        response: { 201: companyOfStaffSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createClub(app.db, { ...request.body, actorUserId: request.staff.userId });
    },
  );

  app.get(
    '/company/:id',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['company'],
        summary: 'Um clube do usuário, com o papel dele no clube',
        params: idParamsSchema,
        response: { 200: companyOfStaffSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      getCompanyOfStaff(app.db, { userId: request.staff.userId, companyId: request.params.id }),
  );

  app.patch(
    '/company/:id',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: ['company'],
        summary: 'Alterar nome e fuso horário de um clube do usuário',
        params: idParamsSchema,
        body: updateCompanyBodySchema,
        response: { 200: companySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.id);
      return updateCompany(app.db, {
        ...request.body,
        companyId: request.params.id,
        actorUserId: request.staff.userId,
      });
    },
  );
};
