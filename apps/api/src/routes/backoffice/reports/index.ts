import {
  appointmentExportQuerySchema,
  associateExportQuerySchema,
  blockedTimeExportQuerySchema,
  errorBodySchema,
  reportQuerySchema,
  reportSchema,
  reportTableParamsSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import {
  associateExportColumns,
  readAssociatesForExport,
} from '../../../services/associates/export-associates';
import {
  appointmentExportColumns,
  blockExportColumns,
  readAppointmentsForExport,
  readBlocksForExport,
} from '../../../services/reports/export-bookings';
import { getReport } from '../../../services/reports/get-report';
import { readReportScope } from '../../../services/reports/report-scope';
import { csvExportRoute } from '../csv-export-route';
import { reportTableExport } from './report-tables';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/**
 * Relatórios (GET /reports and each of its tables as CSV) and the CSV exports of the back office's
 * lists: associates, appointments and blocks of a period. Every file goes through the one CSV
 * writer (lib/csv-export), streamed.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags: ['report'],
        summary:
          'Relatórios do período: ocupação, comportamento e associados, com o período anterior',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return getReport(app.db, request.query);
    },
  );

  csvExportRoute(app, '/reports/:table/export.csv', {
    permission: 'reports.read',
    tags: ['report'],
    summary: 'Uma tabela dos relatórios em CSV (UTF-8 com BOM, separada por ponto e vírgula)',
    params: reportTableParamsSchema,
    querystring: reportQuerySchema,
    file: async ({ query, params }) =>
      reportTableExport(await getReport(app.db, query), params.table),
  });

  // The whole membership with CPFs and e-mails, in the file the import takes back.
  csvExportRoute(app, '/associate/export.csv', {
    permission: 'associates.import',
    tags: ['associate'],
    summary: 'Os associados da busca e dos filtros em CSV, nas colunas da importação',
    querystring: associateExportQuerySchema,
    file: ({ query }) => ({
      fileName: 'associados.csv',
      columns: associateExportColumns,
      rows: readAssociatesForExport(app.db, query),
    }),
  });

  csvExportRoute(app, '/appointment/export.csv', {
    permission: 'club.read',
    tags: ['appointment'],
    summary: 'Os agendamentos do clube ou de um espaço que começam no período, em CSV',
    querystring: appointmentExportQuerySchema,
    file: async ({ query }) => {
      const scope = await readReportScope(app.db, query);
      return {
        fileName: `agendamentos-${scope.current.from}-a-${scope.current.to}.csv`,
        columns: appointmentExportColumns,
        rows: readAppointmentsForExport(app.db, scope),
      };
    },
  });

  csvExportRoute(app, '/blocked-time/export.csv', {
    permission: 'club.read',
    tags: ['blocked-time'],
    summary: 'Os bloqueios do clube ou de um espaço que tocam o período, em CSV',
    querystring: blockedTimeExportQuerySchema,
    file: async ({ query }) => {
      const scope = await readReportScope(app.db, query);
      return {
        fileName: `bloqueios-${scope.current.from}-a-${scope.current.to}.csv`,
        columns: blockExportColumns,
        rows: readBlocksForExport(app.db, scope),
      };
    },
  });
};
