import {
  associateListSchema,
  cancelSeriesResultSchema,
  seriesListSchema,
  seriesPreviewSchema,
  seriesSchema,
  type CancelSeriesBody,
  type CreateSeriesBody,
  type SeriesBody,
} from '@clube/shared';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

const placeChoicesSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      bookRange: z.number().int(),
    }),
  ),
});

/** GET /backoffice/place/company/{companyId}: the places a series may hold, with their slots. */
export function useSeriesPlaces(companyId: string) {
  return useQuery({
    queryKey: [...clubKeys.places(companyId), 'choices'] as const,
    queryFn: async ({ signal }) =>
      placeChoicesSchema.parse(await api.get(`/backoffice/place/company/${companyId}`, { signal }))
        .items,
  });
}

/** GET /backoffice/associate/findAllPaginated?search: the member or responsible to pick. */
export function useSeriesMemberSearch(companyId: string, search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [...clubKeys.associates(companyId), 'pick', term] as const,
    queryFn:
      term.length >= 2
        ? async ({ signal }) =>
            associateListSchema.parse(
              await api.get('/backoffice/associate/findAllPaginated', {
                signal,
                query: { companyId, take: 6, skip: 0, search: term },
              }),
            ).items
        : skipToken,
    staleTime: 30_000,
  });
}
