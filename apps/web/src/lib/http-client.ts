import { httpTimeoutMs, requestFailedText } from '@clube/shared';

/**
 * HTTP for both apps of this bundle (the back office and the members' portal): every call has a
 * timeout, carries the stored bearer token, refreshes the session once on a 401 and fails with an
 * ApiError shaped as the API's error body. Each app makes its own client with `createApiClient`,
 * over its own session store, so a member's and a staff member's sessions never mix.
 */

export const apiBaseUrl = '/api';

/**
 * An answer without a body (a proxy's 502, say) may reach a toast as it is: it says so in
 * Portuguese, the shared error table's RequestFailed (its text alone: the table stays out of the
 * first load of both apps).
 */
const fallbackErrorMessage = requestFailedText;

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  /** The response body, when there was one. */
  readonly data: unknown;
  /**
   * The server's id of the request (its X-Request-Id header), which the error page shows so a
   * person can quote it and the club's operator find the request in the logs; null without one.
   */
  readonly requestId: string | null;

  constructor(
    status: number,
    message: string,
    data: unknown = null,
    requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.requestId = requestId;
  }

  /** The stable error code of the body (`error` field), when the server sent one. */
  get code(): string | null {
    return readStringField(this.data, 'error');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** False for the auth endpoints themselves: no bearer token, no refresh on 401. */
  authenticated?: boolean;
  timeoutMs?: number;
};

function readStringField(data: unknown, field: string): string | null {
  if (typeof data !== 'object' || data === null || !(field in data)) return null;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** One HTTP exchange: no retries, no refresh. Throws ApiError for failures. */
async function send(path: string, options: RequestOptions, accessToken: string | null) {
  const timeoutMs = options.timeoutMs ?? httpTimeoutMs;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    if (isTimedOut) throw new ApiError(0, `timeout of ${timeoutMs}ms exceeded`);
    if (options.signal?.aborted) throw new ApiError(0, 'Request aborted');
    const message = error instanceof Error && error.message ? error.message : 'Network Error';
    throw new ApiError(0, message);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const data = await readBody(response);
  if (!response.ok) {
    const message =
      readStringField(data, 'error') ?? readStringField(data, 'message') ?? fallbackErrorMessage;
    throw new ApiError(response.status, message, data, response.headers.get('x-request-id'));
  }
  return data;
}

/** The tokens every session of the API carries, whatever else it holds. */
export type TokenPair = { access_token: string; refresh_token: string };

export type ApiClientOptions<S extends TokenPair> = {
  /** The stored session (null when signed out). */
  getSession: () => S | null;
  setSession: (session: S) => void;
  /** Forgets everything signed-in: called when the session cannot be renewed. */
  clearSignedIn: () => void;
  /** The refresh endpoint of this realm, e.g. `/auth/refresh`. */
  refreshPath: string;
  /** The refresh answer as a session, or null when it is not one. */
  parseSession: (value: unknown) => S | null;
  /** The logout endpoint of this realm, e.g. `/auth/logout`. */
  logoutPath: string;
};

type MethodOptions = Omit<RequestOptions, 'method' | 'body'>;

export function createApiClient<S extends TokenPair>(options: ApiClientOptions<S>) {
  const sessionExpiredListeners = new Set<() => void>();
  let pendingRefresh: Promise<S | null> | null = null;

  /** The router layer subscribes here to send the user to sign-in when the session cannot be renewed. */
  function onSessionExpired(listener: () => void): () => void {
    sessionExpiredListeners.add(listener);
    return () => {
      sessionExpiredListeners.delete(listener);
    };
  }

  function expireSession() {
    options.clearSignedIn();
    for (const listener of sessionExpiredListeners) listener();
  }

  async function renewSession(): Promise<S | null> {
    const refreshToken = options.getSession()?.refresh_token;
    if (!refreshToken) {
      expireSession();
      return null;
    }
    try {
      const data = await send(
        options.refreshPath,
        { method: 'POST', body: { refresh_token: refreshToken } },
        null,
      );
      const session = options.parseSession(data);
      if (!session) throw new Error('The refresh answered something that is not a session');
      options.setSession(session);
      return session;
    } catch (error) {
      // A network failure is not a verdict on the session: keep it and let the caller fail.
      if (error instanceof ApiError && error.status === 0) throw error;
      expireSession();
      return null;
    }
  }

  /**
   * Concurrent 401s share one refresh: the first starts it, the others wait for the same promise,
   * because the server rotates refresh tokens and a second refresh with the old token would be
   * treated as reuse and revoke the whole session.
   */
  function refreshSessionOnce(): Promise<S | null> {
    pendingRefresh ??= renewSession().finally(() => {
      pendingRefresh = null;
    });
    return pendingRefresh;
  }

  async function apiRequest<T = unknown>(path: string, requestOptions: RequestOptions = {}) {
    const isAuthenticated = requestOptions.authenticated ?? true;
    const usedToken = isAuthenticated ? (options.getSession()?.access_token ?? null) : null;
    try {
      return (await send(path, requestOptions, usedToken)) as T;
    } catch (error) {
      if (!isAuthenticated || !(error instanceof ApiError) || error.status !== 401) throw error;
      // Another request may already have renewed the session while this one was in flight.
      const current = options.getSession();
      const session =
        current && current.access_token !== usedToken ? current : await refreshSessionOnce();
      if (!session) throw error;
      return (await send(path, requestOptions, session.access_token)) as T;
    }
  }

  const api = {
    get: <T = unknown>(path: string, methodOptions?: MethodOptions) =>
      apiRequest<T>(path, { ...methodOptions, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, methodOptions?: MethodOptions) =>
      apiRequest<T>(path, { ...methodOptions, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, methodOptions?: MethodOptions) =>
      apiRequest<T>(path, { ...methodOptions, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, methodOptions?: MethodOptions) =>
      apiRequest<T>(path, { ...methodOptions, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, methodOptions?: MethodOptions) =>
      apiRequest<T>(path, { ...methodOptions, method: 'DELETE' }),
  };

  /**
   * A fetch the caller makes itself (a stream EventSource cannot make: it sends no bearer
   * header), with the session's token; a 401 renews the session once like any request. Throws
   * ApiError with the status when the answer is not a body to read.
   */
  async function fetchWithSession(path: string, init: FetchOptions): Promise<Response> {
    const open = (token: string | null) =>
      fetch(buildUrl(path, init.query), {
        headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: init.signal,
      });
    const usedToken = options.getSession()?.access_token ?? null;
    let response = await open(usedToken);
    if (response.status === 401) {
      const current = options.getSession();
      const session =
        current && current.access_token !== usedToken ? current : await refreshSessionOnce();
      if (!session) throw new ApiError(401, fallbackErrorMessage);
      response = await open(session.access_token);
    }
    if (!response.ok || !response.body) {
      const data = await readBody(response);
      throw new ApiError(response.status, readStringField(data, 'error') ?? fallbackErrorMessage);
    }
    return response;
  }

  /**
   * Signs out: revokes the refresh token on the server, then `forget`s everything signed-in. The
   * local sign-out happens even when the server is unreachable, so the user is never stuck
   * signed in.
   */
  async function signOut(forget: () => void): Promise<void> {
    const refreshToken = options.getSession()?.refresh_token;
    if (refreshToken) {
      try {
        await send(
          options.logoutPath,
          { method: 'POST', body: { refresh_token: refreshToken } },
          null,
        );
      } catch {
        // The token expires on its own; the local sign-out below is what the user asked for.
      }
    }
    forget();
  }

  return { api, apiRequest, onSessionExpired, fetchWithSession, signOut };
}

type FetchOptions = {
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal: AbortSignal;
};
