import { errorCodeOf, errorDefinitions, type ErrorBody, type ErrorKey } from '@clube/shared';
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { getCurrentCompany } from '@/lib/current-company';

/**
 * The API as component tests see it: Mock Service Worker answers at the network boundary (the
 * app's own fetch, client and parsing all run), and only what a test declares exists. A request
 * no handler answers fails the test (see `setup-tests.ts`).
 *
 *   const { requests } = mockApi(
 *     route.get('/backoffice/company/:companyId', company),
 *     route.patch<Company>('/backoffice/company/:companyId', ({ body }) => ({
 *       ...company,
 *       ...updateCompanyBodySchema.parse(body),
 *     })),
 *     route.post('/backoffice/company/:companyId/logo', apiError('UnsupportedMediaType')),
 *   );
 */
export const server = setupServer(
  // Every signed-in page reads the caller's role from the clubs answer (src/lib/permissions.ts):
  // unless a test declares it, the stored club is answered, its staff member an administrator.
  http.get('/api/backoffice/company', () => {
    const company = getCurrentCompany();
    return HttpResponse.json({ items: company ? [{ ...company, role: 'administrador' }] : [] });
  }),
  // Pages that send links ask whether the server sends mail: it does, unless a test says not.
  http.get('/api/auth/mail-delivery', () => HttpResponse.json({ sendsMail: true })),
  // Every signed-in portal page shows the unread notices' count on the nav: none, unless a test
  // declares them.
  http.get('/api/portal/notice', () => HttpResponse.json({ items: [], unread: 0 })),
  // Minhas reservas lists the member's weekly series: none, unless a test declares them.
  http.get('/api/portal/series', () => HttpResponse.json({ items: [] })),
  // The availability page follows the club's live events: a stream that is ready and then quiet,
  // unless a test declares one (openEventStream).
  http.get('/api/portal/events', () => openEventStream().response),
  // The day sheet's booking dialog reads the slot's line and the booking's guests: nobody in
  // line, and a place without guests, unless a test declares them.
  http.get('/api/backoffice/waitlists', () => HttpResponse.json({ items: [] })),
  http.get('/api/backoffice/appointment/:id/guests', ({ params }) =>
    HttpResponse.json({
      appointmentId: String(params.id),
      guests: [],
      limit: 0,
      cpfRequired: false,
      closesAt: '2026-01-01T00:00:00.000Z',
      editable: false,
    }),
  ),
);

/**
 * A live event stream that says it is ready and stays open: `send` pushes a `change` event, as
 * the API does when the club's bookings or blocks change.
 */
export function openEventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const response = new HttpResponse(
    new ReadableStream<Uint8Array>({
      start(opened) {
        controller = opened;
        opened.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
  const send = (data: unknown) =>
    controller?.enqueue(encoder.encode(`event: change\ndata: ${JSON.stringify(data)}\n\n`));
  return { response, send };
}

/** A request as a handler received it, also kept in the test's log (`requests`). */
export type RecordedRequest = {
  method: string;
  /** Path and query as the app asked for them, e.g. `/api/backoffice/appointment?placeId=…`. */
  url: string;
  /** The query string's values. */
  query: URLSearchParams;
  /** The route's named parameters (`:companyId` → `params.companyId`). */
  params: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The JSON body parsed, a multipart body as FormData, otherwise the text (null when none). */
  body: unknown;
};

/**
 * What a route answers: a value is a 200 with that JSON body; a Response (`reply`, `apiError`,
 * `networkError`) is sent as it is.
 */
type Answer<T> = T | Response;
type Resolve<T> = (request: RecordedRequest) => Answer<T> | Promise<Answer<T>>;
/** A route's answer, or a function of the request that gives it (sync or async). */
export type RouteAnswer<T = unknown> = Answer<T> | Resolve<T>;

const requestLog: RecordedRequest[] = [];
const unhandledRequests: string[] = [];

async function readRequestBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return null;
  return contentType.includes('json') ? (JSON.parse(text) as unknown) : text;
}

function toResponse<T>(answer: Answer<T>): Response {
  // A Response given once answers every matching request: each gets its own copy of the body.
  return answer instanceof Response ? answer.clone() : HttpResponse.json(answer as JsonBodyType);
}

function define(method: keyof typeof http) {
  /**
   * Answers `method` on `path`, given as the app's client takes it (without `/api`), with MSW's
   * path syntax: `:name` for a segment, `*` for the rest. The query string is not part of it.
   */
  return <T = unknown>(path: string, resolve: RouteAnswer<T>): HttpHandler =>
    http[method](`/api${path}`, async ({ request, params }) => {
      const url = new URL(request.url);
      const recorded: RecordedRequest = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        query: url.searchParams,
        params: Object.fromEntries(
          Object.entries(params).map(([name, value]) => [name, String(value)]),
        ),
        headers: Object.fromEntries(request.headers.entries()),
        body: await readRequestBody(request),
      };
      requestLog.push(recorded);
      return toResponse(
        typeof resolve === 'function' ? await (resolve as Resolve<T>)(recorded) : resolve,
      );
    });
}

/** Route builders for `mockApi`, one per HTTP method. */
export const route = {
  get: define('get'),
  post: define('post'),
  put: define('put'),
  patch: define('patch'),
  delete: define('delete'),
};

/**
 * Declares routes for the current test and returns the log of every request answered during the
 * test, in order. Within one call the first matching route answers; a later call wins over an
 * earlier one (a scene declares the usual routes, a test adds or replaces some).
 */
export function mockApi(...handlers: HttpHandler[]): { requests: readonly RecordedRequest[] } {
  if (handlers.length > 0) server.use(...handlers);
  return { requests: requestLog };
}

/** An answer with a status other than 200, or without a body. */
export function reply<T extends JsonBodyType>(status: number, body?: T): Response {
  return body === undefined
    ? new HttpResponse(null, { status })
    : HttpResponse.json(body, { status });
}

/** The API's error answer for a shared error key: its status, wire code and default message. */
export function apiError(
  key: ErrorKey,
  overrides: { status?: number; message?: string; details?: ErrorBody['details'] } = {},
): Response {
  const definition = errorDefinitions[key];
  const status = overrides.status ?? definition.status;
  const body: ErrorBody = {
    statusCode: status,
    error: errorCodeOf(key),
    message: overrides.message ?? definition.message,
    ...(overrides.details === undefined ? {} : { details: overrides.details }),
  };
  return HttpResponse.json(body, { status });
}

/** No answer at all: the app's fetch fails as when the server cannot be reached. */
export function networkError(): Response {
  return HttpResponse.error();
}

/** Starts the mock API for a test file: every request must meet a declared handler. */
export function startMockApi() {
  server.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      unhandledRequests.push(`${request.method} ${url.pathname}${url.search}`);
      // As MSW's 'error' strategy: say so on the console and fail the request itself.
      print.error();
    },
  });
}

/**
 * Forgets the test's handlers and log; throws when the test sent a request no handler answered,
 * since the app usually turns such a failure into a message and the test could pass anyway.
 */
export function resetMockApi() {
  server.resetHandlers();
  requestLog.length = 0;
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) {
    throw new Error(
      `The test sent requests no handler answers (declare them with mockApi):\n${unhandled.join('\n')}`,
    );
  }
}

export function stopMockApi() {
  server.close();
}
