import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('query defaults', () => {
  it('keeps the product defaults: 5 minutes of cache, no refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('retries network failures and 5xx up to 3 times, never a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError(0, 'Network Error'))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(503, 'ServiceUnavailable'))).toBe(true);
    expect(shouldRetryQuery(3, new ApiError(503, 'ServiceUnavailable'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'NotFound'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(422, 'TimeNotAvailable'))).toBe(false);
  });
});
