import { sessionStore } from '../auth/sessionStore';
import { isRefreshSkipped } from '../auth/refreshSchedule';

/** An error answer of the API: `{message, code?, fields?}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly fields: string[] = [],
    /** The whole error body, for refusals that carry more (e.g. an import's row errors). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown when the network itself failed (server down, offline). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

export const LOGIN_PATH = '/auth/login';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Query values, sent as text; absent, null and '' are left out. */
  query?: Readonly<Record<string, unknown>>;
  signal?: AbortSignal;
}

function urlOf(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const onLoginPage = () => typeof window !== 'undefined' && window.location.pathname === LOGIN_PATH;

/**
 * Same-origin JSON call with the Bearer token. A 401 anywhere but on the login page logs the user
 * out; the route guard then sends them to the login page. Every answer of a call that is not
 * skipped may trigger the scheduled token refresh.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = urlOf(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const authorization = sessionStore.authorizationHeader();
  if (authorization) headers.Authorization = authorization;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  sessionStore.refresh.beforeRequest(url);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }

  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; code?: unknown; fields?: unknown };
    if (response.status === 401 && authorization && !onLoginPage()) sessionStore.logout('unauthorized');
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`,
      typeof body.code === 'string' ? body.code : undefined,
      Array.isArray(body.fields) ? body.fields.map(String) : [],
      body as Record<string, unknown>,
    );
  }
  if (!isRefreshSkipped(url) && authorization) void sessionStore.refresh.afterResponse(url);
  return data as T;
}
