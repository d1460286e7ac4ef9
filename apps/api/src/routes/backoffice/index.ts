import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryRoutes } from './categories';
import { companyRoutes } from './companies';
import { placeImageRoutes } from './place-images';
import { placeRoutes } from './places';

/** Every /api/backoffice route: a valid bearer token and the caller's clubs resolved first. */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(companyRoutes);
  await app.register(placeRoutes);
  await app.register(categoryRoutes);
  await app.register(placeImageRoutes);
};
