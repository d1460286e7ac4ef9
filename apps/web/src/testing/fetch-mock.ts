import { vi } from 'vitest';

export type RecordedRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

export type MockReply = { status: number; body?: unknown };

type Handler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export function jsonResponse({ status, body }: MockReply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces the global fetch (the network boundary) for one test and records every request, so a
 * test can answer like the API would and assert on what the app sent.
 */
export function mockFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const rawBody = init.body;
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body,
    };
    requests.push(request);
    return jsonResponse(await handler(request));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function errorBody(statusCode: number, error: string, message = error) {
  return { statusCode, error, message };
}
