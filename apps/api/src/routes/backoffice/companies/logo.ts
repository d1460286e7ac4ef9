import multipart from '@fastify/multipart';
import { companySchema, errorBodySchema, idParamsSchema, limits } from '@clube/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { multipartErrorOf } from '../../../lib/multipart-errors';
import { assertStaffOf } from '../../../plugins/auth';
import { removeCompanyLogo, setCompanyLogo } from '../../../services/companies/company-logo';

const maxMegabytes = limits.imageMaxBytes / (1024 * 1024);

/** Reads the one file of the upload form (`image`); other parts are ignored. */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UnsupportedMediaType', 'Envie a imagem como multipart/form-data.');
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
    throw multipartErrorOf(error, {
      fileTooLarge: `A imagem deve ter no máximo ${maxMegabytes} MB.`,
      tooManyParts: 'Envie uma única imagem no formulário.',
    });
  }
  if (!bytes || bytes.length === 0) {
    throw new AppError('ValidationError', 'Dados inválidos. Verifique os campos.', [
      { in: 'body', path: 'image', message: 'Selecione uma imagem.' },
    ]);
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
      schema: {
        tags: ['company'],
        summary: `Envia o logo do clube (multipart: image; PNG, JPEG, GIF ou WebP, até ${maxMegabytes} MB)`,
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
      assertStaffOf(request, request.params.id, 'Clube não encontrado.');
      const bytes = await readLogoUpload(request);
      return setCompanyLogo(app.db, app.storage, {
        companyId: request.params.id,
        actorUserId: request.staff.userId,
        bytes,
      });
    },
  );

  app.delete(
    '/company/:id/logo',
    {
      schema: {
        tags: ['company'],
        summary: 'Remove o logo do clube (volta ao brasão padrão)',
        params: idParamsSchema,
        response: { 200: companySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.params.id, 'Clube não encontrado.');
      return removeCompanyLogo(app.db, app.storage, {
        companyId: request.params.id,
        actorUserId: request.staff.userId,
      });
    },
  );
};
