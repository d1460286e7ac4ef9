import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  idParamsSchema,
  limits,
  okSchema,
  placeIdParamsSchema,
  placeImageFieldsSchema,
  placeImageListSchema,
  placeImageSchema,
} from '@clube/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { imageMaxMegabytes, imageMultipartErrorOf } from '../../../lib/multipart-errors';
import { createPlaceImage } from '../../../services/place-images/create-place-image';
import { deletePlaceImage } from '../../../services/place-images/delete-place-image';
import { listPlaceImages } from '../../../services/place-images/list-place-images';
import { findPlaceOfStaff } from '../../../services/places/find-place';

/** Reads the one file (`image`) and the text fields of the upload form. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('ImageMultipartRequired');
  }
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw imageMultipartErrorOf(error);
  }
  const parsed = placeImageFieldsSchema.safeParse(fields);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        in: 'body',
        path: issue.path.join('.'),
        message: issue.message,
      }));
  if (!bytes || bytes.length === 0) {
    problems.push({ in: 'body', path: 'image', message: 'Selecione uma imagem.' });
  }
  if (!parsed.success || !bytes || problems.length > 0) {
    throw new AppError('ValidationError', { details: problems });
  }
  return { ...parsed.data, bytes };
}

export const placeImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: limits.imageMaxBytes,
      files: 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 20,
    },
  });

  app.get(
    '/placeImage/place/:placeId',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['placeImage'],
        summary: 'Fotos de um espaço',
        params: placeIdParamsSchema,
        response: { 200: placeImageListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const place = await findPlaceOfStaff(app.db, {
        staff: request.staff,
        placeId: request.params.placeId,
      });
      return { items: await listPlaceImages(app.db, { placeId: place.id }) };
    },
  );

  app.post(
    '/placeImage',
    {
      // Reads the file from the client in its handler: a slow connection would hold a turn.
      config: { permission: 'places.write', admission: 'exempt' },
      schema: {
        tags: ['placeImage'],
        summary: `Envia uma foto (multipart: image, placeId, sequence, description; PNG, JPEG, GIF ou WebP, até ${imageMaxMegabytes} MB)`,
        consumes: ['multipart/form-data'],
        response: {
          201: placeImageSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const image = await createPlaceImage(app.db, {
        ...upload,
        storage: app.storage,
        staff: request.staff,
      });
      return reply.status(201).send(image);
    },
  );

  app.delete(
    '/placeImage/:id',
    {
      config: { permission: 'places.write' },
      schema: {
        tags: ['placeImage'],
        summary: 'Exclui uma foto e os seus arquivos',
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await deletePlaceImage(app.db, {
        storage: app.storage,
        staff: request.staff,
        imageId: request.params.id,
      });
      return { ok: true as const };
    },
  );
};
