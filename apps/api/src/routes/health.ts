import { errorBodySchema } from '@clube/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Answers even while requests queue: a busy process is not a dead one.
      config: { admission: 'exempt' },
      schema: {
        tags: ['health'],
        summary: 'O servidor e o banco respondem',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        throw new AppError('DatabaseUnavailable');
      }
      return { status: 'ok' as const, database: app.dbDriver };
    },
  );
};
