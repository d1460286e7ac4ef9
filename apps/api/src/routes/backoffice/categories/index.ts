import {
  categoryListSchema,
  categorySchema,
  companyIdParamsSchema,
  createCategoryBodySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateCategoryBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { createCategory } from '../../../services/categories/create-category';
import { deleteCategory } from '../../../services/categories/delete-category';
import { listCategories } from '../../../services/categories/list-categories';
import { updateCategory } from '../../../services/categories/update-category';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/category',
    {
      config: { permission: 'categories.write' },
      schema: {
        tags: ['category'],
        summary: 'Cria uma categoria',
        body: createCategoryBodySchema,
        response: { 201: categorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      assertStaffOf(request, request.body.companyId);
      const category = await createCategory(app.db, {
        ...request.body,
        actorUserId: request.staff.userId,
      });
      return reply.status(201).send(category);
    },
  );

  app.get(
    '/category/company/:companyId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['category'],
        summary: 'Categorias ativas de um clube',
        params: companyIdParamsSchema,
        response: { 200: categoryListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.companyId);
      return { items: await listCategories(app.db, { companyId: request.params.companyId }) };
    },
  );

  app.patch(
    '/category',
    {
      config: { permission: 'categories.write' },
      schema: {
        tags: ['category'],
        summary: 'Altera uma categoria (id no corpo)',
        body: updateCategoryBodySchema,
        response: { 200: categorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => updateCategory(app.db, { ...request.body, staff: request.staff }),
  );

  app.delete(
    '/category/:id',
    {
      config: { permission: 'categories.write' },
      schema: {
        tags: ['category'],
        summary: 'Arquiva uma categoria que nenhum espaço ativo usa',
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      await deleteCategory(app.db, { staff: request.staff, categoryId: request.params.id });
      return { ok: true as const };
    },
  );
};
