import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { permissionRoles } from '@clube/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route?: { config?: { permission?: keyof typeof permissionRoles } };
};

/**
 * The zod schemas as JSON Schema, and each back-office operation's permission with the roles that
 * have it (`x-permission`, `x-roles`), as its route declares them (plugins/permissions.ts).
 */
function transform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const permission = input.route?.config?.permission;
  if (!permission) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      'x-permission': permission,
      'x-roles': [...permissionRoles[permission]],
    },
  };
}

/** OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the JSON at /api/docs/json. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Clube Reservas API',
          description: 'API do backoffice do portal de reservas do clube.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
