import { reportSchema, type ReportQuery, type ReportTable } from '@clube/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';
import { downloadCsv } from '@/lib/api/download-csv';

export type ReportFilters = Omit<ReportQuery, 'companyId'>;

/** GET /backoffice/reports: the period's figures beside the previous period's. */
export async function getReport(companyId: string, filters: ReportFilters, signal?: AbortSignal) {
  const data = await api.get('/backoffice/reports', { signal, query: { companyId, ...filters } });
  return reportSchema.parse(data);
}

export function useReport(companyId: string, filters: ReportFilters, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [companyId, 'reports', filters] as const,
      queryFn: ({ signal }) => getReport(companyId, filters, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

const choicesSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), categoryId: z.uuid().optional() })),
});

/** The club's places, for the place filter. */
export function useReportPlaceChoices(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...clubKeys.places(companyId), 'report-choices'] as const,
      queryFn: async ({ signal }) =>
        choicesSchema.parse(
          await api.get(`/backoffice/place/company/${encodeURIComponent(companyId)}`, { signal }),
        ).items,
    }),
  );
}

export function downloadReportTable(companyId: string, table: ReportTable, filters: ReportFilters) {
  return downloadCsv(
    `/backoffice/reports/${table}/export.csv`,
    { companyId, ...filters },
    `relatorio-${table}.csv`,
  );
}

export function downloadAppointments(companyId: string, filters: ReportFilters) {
  return downloadCsv(
    '/backoffice/appointment/export.csv',
    {
      companyId,
      period: filters.period,
      from: filters.from,
      to: filters.to,
      placeId: filters.placeId,
    },
    'agendamentos.csv',
  );
}
