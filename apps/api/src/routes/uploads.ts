import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { contentTypeOfKey } from '../lib/storage/file-storage';

/**
 * Stored uploads. Public on purpose: an <img> cannot send a bearer token, and keys are random
 * UUIDs nobody can guess. A key never changes content, so browsers may keep it for a year.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/:key',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Arquivo enviado (foto de espaço ou logo de clube)',
        params: z.object({ key: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const contentType = contentTypeOfKey(request.params.key);
      const data = contentType ? await app.storage.get(request.params.key) : null;
      if (!contentType || !data) throw new AppError('FileNotFound');
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
};
