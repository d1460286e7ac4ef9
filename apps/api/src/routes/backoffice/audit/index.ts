import {
  auditActionLabel,
  auditDetailEntries,
  auditFieldLabel,
  auditFilterQuerySchema,
  auditListQuerySchema,
  auditListSchema,
  auditValueText,
  errorBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CsvColumn } from '../../../lib/csv-export';
import { assertStaffOf } from '../../../plugins/auth';
import {
  listAuditEvents,
  readAuditTrail,
  type AuditEntryInClubTime,
} from '../../../services/audit/list-audit-events';
import { csvExportRoute } from '../csv-export-route';

const actorKinds = { staff: 'Funcionário', member: 'Associado', system: 'Sistema' } as const;

/** "Campo: antes → depois" for each changed field, one per line. */
function changesText(entry: AuditEntryInClubTime): string {
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  return fields
    .map(
      (field) =>
        `${auditFieldLabel(field)}: ${auditValueText(field, entry.before?.[field], entry.timezone)} → ${auditValueText(field, entry.after?.[field], entry.timezone)}`,
    )
    .join('\n');
}

const exportColumns: CsvColumn<AuditEntryInClubTime>[] = [
  { header: 'Data e hora', value: (entry) => entry.clubTime },
  { header: 'Quem', value: (entry) => entry.actor.name ?? actorKinds.system },
  { header: 'Tipo de pessoa', value: (entry) => actorKinds[entry.actor.kind] },
  { header: 'Ação', value: (entry) => auditActionLabel(entry.action) },
  { header: 'Espaço', value: (entry) => entry.place?.name ?? null },
  { header: 'Associado', value: (entry) => entry.associate?.name ?? null },
  { header: 'Alterações', value: changesText },
  {
    header: 'Detalhes',
    value: (entry) =>
      entry.details
        ? auditDetailEntries(entry.details)
            .map(
              ([field, value]) =>
                `${auditFieldLabel(field)}: ${auditValueText(field, value, entry.timezone)}`,
            )
            .join('\n')
        : null,
  },
];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];

  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'Auditoria do clube: quem fez o quê, mais recentes primeiro, página por página',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return listAuditEvents(app.db, request.query);
    },
  );

  csvExportRoute(app, '/audit/export.csv', {
    permission: 'audit.read',
    tags,
    summary: 'A auditoria filtrada em CSV (UTF-8 com BOM, separada por ponto e vírgula)',
    querystring: auditFilterQuerySchema,
    file: ({ query }) => ({
      fileName: 'auditoria.csv',
      columns: exportColumns,
      rows: readAuditTrail(app.db, query),
    }),
  });
};
