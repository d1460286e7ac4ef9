import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalFileStorage, type FileStorage } from '../lib/storage/file-storage';

/** Uploaded files (`app.storage`): DATA_DIR/uploads unless a test or caller passes another store. */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage?: FileStorage }) => {
    app.decorate('storage', options.storage ?? createLocalFileStorage(app.config.uploadsDir));
  },
  { name: 'storage' },
);
