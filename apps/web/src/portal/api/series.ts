import { seriesListSchema } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';
import { portalKeys } from './me';

/** GET /portal/series: the member's weekly series, each with its dates. */
export async function getMySeries(signal?: AbortSignal) {
  return seriesListSchema.parse(await portalApi.get('/portal/series', { signal })).items;
}

export const useMySeries = () =>
  useQuery(
    queryOptions({ queryKey: portalKeys.series, queryFn: ({ signal }) => getMySeries(signal) }),
  );
