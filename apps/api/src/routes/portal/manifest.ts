import { errorBodySchema, portalManifestParamsSchema, portalManifestSchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPortalManifest } from '../../services/companies/get-portal-manifest';

/**
 * The portal's install name for a club. Public (a browser fetches a manifest without the
 * member's token); it says only the club's name, which its sign-in page shows anyway.
 */
export const portalManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clubs/:clubId/manifest.webmanifest',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: o manifesto do app com o nome do clube (instalação)',
        params: portalManifestParamsSchema,
        response: { 200: portalManifestSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const manifest = await getPortalManifest(app.db, { clubId: request.params.clubId });
      return reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(manifest);
    },
  );
};
