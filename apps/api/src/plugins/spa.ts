import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';

/**
 * Serves the built web app: hashed assets with long cache headers, and index.html (history
 * fallback) for every other GET outside /api. Unknown /api routes answer the JSON 404 body.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const hasSpa = existsSync(join(root, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (response, path) => {
          const isHashedAsset = path.includes(`${join(root, 'assets')}`);
          response.header(
            'cache-control',
            isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') &&
        path !== '/api' &&
        !path.startsWith('/api/');
      if (hasSpa && isPageRequest) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendError(reply, 'NotFound', `Rota ${request.method} ${path} não encontrada.`);
    });
  },
  { name: 'spa' },
);
