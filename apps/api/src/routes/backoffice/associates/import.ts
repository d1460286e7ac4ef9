import fastifyMultipart from '@fastify/multipart';
import {
  associateImportOptionsSchema,
  associateImportReportSchema,
  errorBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { assertStaffOf } from '../../../plugins/auth';
import { importAssociates } from '../../../services/associates/import-associates';

/** A membership file of 50 000 rows is about 4 MB; this leaves ample room. */
const importMaxBytes = 50 * 1024 * 1024;

// Validated once, merged with the form fields, by associateImportOptionsSchema.
const rawOptionsSchema = z.object({
  companyId: z.string().optional(),
  dryRun: z.string().optional(),
  skipInvalid: z.string().optional(),
});

/**
 * Fails the import (inside its transaction, so nothing is kept) when the file hit the limit, or
 * when the body was cut off or does not match its boundary (the parser's error is the client's
 * input: 400, not 500).
 */
async function* refuseTruncated(file: AsyncIterable<Buffer> & { truncated: boolean }) {
  try {
    yield* file;
  } catch {
    throw new AppError('MalformedForm');
  }
  if (file.truncated) {
    throw new AppError('CsvTooLarge', { params: { maxMegabytes: importMaxBytes / (1024 * 1024) } });
  }
}

/**
 * POST /associate/import: multipart with the CSV in `file`. Options (companyId, dryRun,
 * skipInvalid) come in the query string or as form fields sent before the file.
 */
export const associateImportRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 10 } });
  }

  app.post(
    '/associate/import',
    {
      // Reads the file from the client in its handler and runs for seconds to minutes, in
      // batches that let other requests through: it would hold a turn all that time.
      config: { permission: 'associates.import', admission: 'exempt' },
      schema: {
        tags: ['associate'],
        summary: 'Importa associados de um CSV (dryRun=true só valida e relata)',
        consumes: ['multipart/form-data'],
        querystring: rawOptionsSchema,
        response: {
          200: associateImportReportSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('CsvFileRequired');
      }
      const upload = await request
        .file({ limits: { fileSize: importMaxBytes } })
        .catch((error: unknown) => {
          if (error instanceof AppError || (error as { statusCode?: number }).statusCode) {
            throw error;
          }
          throw new AppError('MalformedForm');
        });
      if (!upload || upload.fieldname !== 'file') {
        throw new AppError('CsvFileRequired');
      }
      const fields: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(upload.fields)) {
        if (field && !Array.isArray(field) && field.type === 'field') fields[name] = field.value;
      }
      const parsed = associateImportOptionsSchema.safeParse({ ...fields, ...request.query });
      if (!parsed.success) {
        upload.file.resume();
        throw new AppError('ValidationError', {
          details: parsed.error.issues.map((issue) => ({
            in: 'body',
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      const options = parsed.data;
      assertStaffOf(request, options.companyId);
      try {
        return await importAssociates(app.db, {
          companyId: options.companyId,
          source: refuseTruncated(upload.file),
          dryRun: options.dryRun,
          skipInvalid: options.skipInvalid,
          actorUserId: request.staff.userId,
        });
      } catch (error) {
        // Refused before the end of the file (another import running, a header too long): the
        // rest of the upload is discarded unparsed so the request can end.
        upload.file.resume();
        throw error;
      }
    },
  );
};
