import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { setSession } from '@/lib/session';
import { buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { useClubEvents } from './use-club-events';

const companyId = '44444444-4444-4444-8444-444444444444';

/** A stream that says it is ready and stays open. */
const readyStream = () =>
  new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n'));
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

describe('live events', () => {
  it('says it is offline when the stream fails, then reconnects after a pause and is live', async () => {
    setSession(buildSession());
    let opened = 0;
    const { requests } = mockApi(
      route.get('/backoffice/events', () => {
        opened += 1;
        return opened === 1 ? apiError('InternalServerError') : readyStream();
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useClubEvents(companyId), { wrapper });

    await waitFor(() => expect(result.current).toBe('offline'));
    // The first failure waits 2 s before the next try.
    expect(
      requests.filter((request) => request.url.startsWith('/api/backoffice/events')),
    ).toHaveLength(1);
    await waitFor(() => expect(result.current).toBe('live'), { timeout: 4000 });
    expect(
      requests.filter((request) => request.url.startsWith('/api/backoffice/events')),
    ).toHaveLength(2);
    unmount();
  });
});
