import { auditListSchema, type AuditFilterQuery } from '@clube/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

/** Exports can take a while on a long period. */
const exportTimeoutMs = 120_000;

/**
 * GET /backoffice/audit/export.csv for the filters, saved by the browser as a file. The response
 * text loses its byte-order mark on decoding; it is put back so Excel reads the file as UTF-8.
 */
export async function downloadAuditCsv(companyId: string, filters: AuditFilters) {
  const text = await api.get<string>('/backoffice/audit/export.csv', {
    query: { companyId, ...filters },
    timeoutMs: exportTimeoutMs,
  });
  const blob = new Blob(['\ufeff', String(text).replace(/^\ufeff/, '')], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'auditoria.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
