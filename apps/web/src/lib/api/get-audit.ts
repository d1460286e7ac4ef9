import { auditListSchema, type AuditFilterQuery } from '@clube/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadCsv } from './download-csv';

export type AuditFilters = Omit<AuditFilterQuery, 'companyId'>;

/** How many entries one "Carregar mais" brings. */
export const auditPageSize = 30;

/** GET /backoffice/audit: one page of the club's trail, from `cursor` on (newest first). */
export async function getAuditPage(
  input: { companyId: string; filters: AuditFilters; cursor: string | null },
  signal?: AbortSignal,
) {
  const data = await api.get('/backoffice/audit', {
    signal,
    query: {
      companyId: input.companyId,
      ...input.filters,
      take: auditPageSize,
      cursor: input.cursor ?? undefined,
    },
  });
  return auditListSchema.parse(data);
}

export const auditQueryKey = (companyId: string) => [companyId, 'audit'] as const;

export const getAuditQueryOptions = (companyId: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...auditQueryKey(companyId), filters] as const,
    queryFn: ({ pageParam, signal }) =>
      getAuditPage({ companyId, filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAuditTrail(companyId: string, filters: AuditFilters) {
  return useInfiniteQuery(getAuditQueryOptions(companyId, filters));
}

/** GET /backoffice/audit/export.csv for the filters, saved by the browser as a file. */
export function downloadAuditCsv(companyId: string, filters: AuditFilters) {
  return downloadCsv('/backoffice/audit/export.csv', { companyId, ...filters }, 'auditoria.csv');
}
