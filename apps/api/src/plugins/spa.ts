import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sendAppError } from './error-handler';

/** Pages under this prefix belong to the members' portal, the web build's second entry. */
export const portalPrefix = '/portal';
const portalIndex = 'portal/index.html';

/** True for /portal and every path below it (not /portalx). */
export function isPortalPath(path: string): boolean {
  return path === portalPrefix || path.startsWith(`${portalPrefix}/`);
}

/**
 * Serves the built web app: hashed assets with long cache headers, and for every other GET
 * outside /api an index.html (history fallback): the members' portal's under /portal/, the back
 * office's everywhere else. Unknown /api routes answer the JSON 404 body.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const hasSpa = existsSync(join(root, 'index.html'));
    const hasPortal = existsSync(join(root, portalIndex));
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
        // A portal page gets the portal's app, which routes it; an unbuilt portal falls back to
        // the back office's, whose not-found page says so.
        const page = hasPortal && isPortalPath(path) ? portalIndex : 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(page);
      }
      return sendAppError(
        reply,
        new AppError('RouteNotFound', { params: { method: request.method, path } }),
      );
    });
  },
  { name: 'spa' },
);
