import multipart from '@fastify/multipart';
import { companySchema, errorBodySchema, idParamsSchema, limits } from '@clube/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { imageMaxMegabytes, imageMultipartErrorOf } from '../../../lib/multipart-errors';
import { assertStaffOf } from '../../../plugins/auth';
import { removeCompanyLogo, setCompanyLogo } from '../../../services/companies/company-logo';

/** Reads the one file of the upload form (`image`); other parts are ignored. */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('ImageMultipartRequired');
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    // A body cut off or without a usable boundary used to escape here as a 500.
    throw imageMultipartErrorOf(error);
  }
  if (!bytes || bytes.length === 0) {
    throw new AppError('ValidationError', {
      details: [{ in: 'body', path: 'image', message: 'Selecione uma imagem.' }],
    });
  }
  return bytes;
}

/** The club logo: same image pipeline and storage as place photos. */
export const companyLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: limits.imageMaxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 20 },
  });

  app.post(
    '/company/:id/logo',
    {
      // Reads the file from the client in its handler: a slow connection would hold a turn.
      config: { permission: 'settings.write', admission: 'exempt' },
      schema: {
        tags: ['company'],
        summary: `Envia o logo do clube (multipart: image; PNG, JPEG, GIF ou WebP, até ${imageMaxMegabytes} MB)`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: companySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.id);
      const bytes = await readLogoUpload(request);
      return setCompanyLogo(app.db, {
        storage: app.storage,
        companyId: request.params.id,
        actorUserId: request.staff.userId,
        bytes,
      });
    },
  );

  app.delete(
    '/company/:id/logo',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: ['company'],
        summary: 'Remove o logo do clube (volta ao brasão padrão)',
        params: idParamsSchema,
        response: { 200: companySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.id);
      return removeCompanyLogo(app.db, {
        storage: app.storage,
        companyId: request.params.id,
        actorUserId: request.staff.userId,
      });
    },
  );
};
