import {
  cancelSeriesResultSchema,
  seriesListSchema,
  seriesPreviewSchema,
  seriesSchema,
  type CancelSeriesBody,
  type CreateSeriesBody,
  type SeriesBody,
} from '@clube/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys, invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/series/preview: every date of the series, free or with why not. */
export async function previewSeries(body: SeriesBody) {
  return seriesPreviewSchema.parse(await api.post('/backoffice/series/preview', body));
}

/** POST /backoffice/series: the series with the chosen dates, whole or not at all. */
export async function createSeries(body: CreateSeriesBody) {
  return seriesSchema.parse(await api.post('/backoffice/series', body));
}

const seriesKey = (companyId: string, associateId?: string) =>
  [...clubKeys.all(companyId), 'series', associateId ?? 'all'] as const;

/** GET /backoffice/series: the club's series (of one member when given). */
export function useSeriesList(companyId: string, associateId?: string) {
  return useQuery({
    queryKey: seriesKey(companyId, associateId),
    queryFn: async ({ signal }) =>
      seriesListSchema.parse(
        await api.get('/backoffice/series', {
          signal,
          query: { companyId, ...(associateId ? { associateId } : {}) },
        }),
      ).items,
  });
}

export function useCreateSeries(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...clubKeys.all(companyId), 'series'] }),
        invalidateSchedule(queryClient, companyId),
      ]),
  });
}

export function useCancelSeries(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CancelSeriesBody & { id: string }) =>
      cancelSeriesResultSchema.parse(await api.post(`/backoffice/series/${id}/cancel`, body)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...clubKeys.all(companyId), 'series'] }),
        invalidateSchedule(queryClient, companyId),
      ]),
  });
}
