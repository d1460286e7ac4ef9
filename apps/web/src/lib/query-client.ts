import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const maxRetries = 3;

/** A 4xx will answer the same way again, so only network failures and 5xx are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

/** 5 minutes of cache, 3 retries (see shouldRetryQuery), no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
