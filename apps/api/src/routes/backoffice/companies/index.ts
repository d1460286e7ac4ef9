import { companyListSchema, companySchema, errorBodySchema, idParamsSchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getCompanyOfStaff,
  listCompaniesOfStaff,
} from '../../../services/companies/list-companies';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    {
      schema: {
        tags: ['company'],
        summary: 'Clubes de que o usuário é staff',
        response: { 200: companyListSchema },
      },
    },
    async (request) => ({ items: await listCompaniesOfStaff(app.db, request.staff.userId) }),
  );

  app.get(
    '/company/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Um clube do usuário',
        params: idParamsSchema,
        response: { 200: companySchema, 404: errorBodySchema },
      },
    },
    async (request) => getCompanyOfStaff(app.db, request.staff.userId, request.params.id),
  );
};
