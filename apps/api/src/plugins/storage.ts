import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabaseFileStorage } from '../lib/storage/file-storage';

/** Uploaded files (`app.storage`), kept in the database every API process shares. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createDatabaseFileStorage(app.db));
  },
  { name: 'storage', dependencies: ['database'] },
);
