import { errorBodySchema, type Permission } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendCsvExport, type CsvExport } from '../../lib/csv-export';
import { assertStaffOf } from '../../plugins/auth';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One back-office CSV export route (`GET …/export.csv`): the caller must be staff of the club its
 * query names, and the file the route makes of its query (and path parameters) goes through the
 * one CSV writer, streamed. A bad query answers 400, a club the caller does not work for 404.
 */
export function csvExportRoute<
  Row,
  Query extends z.ZodType<{ companyId: string }>,
  Params extends z.ZodType = z.ZodObject<Record<string, never>>,
>(
  app: ZodApp,
  url: string,
  options: {
    permission: Permission;
    tags: string[];
    summary: string;
    querystring: Query;
    params?: Params;
    file: (request: {
      query: z.output<Query>;
      params: z.output<Params>;
    }) => CsvExport<Row> | Promise<CsvExport<Row>>;
  },
) {
  app.get(
    url,
    {
      config: { permission: options.permission },
      schema: {
        tags: options.tags,
        summary: options.summary,
        querystring: options.querystring,
        ...(options.params ? { params: options.params } : {}),
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<Query>;
      assertStaffOf(request, query.companyId);
      const file = await options.file({ query, params: request.params as z.output<Params> });
      return sendCsvExport(reply, file);
    },
  );
}
