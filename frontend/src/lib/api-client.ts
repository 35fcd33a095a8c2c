// The one fetch wrapper every screen uses. It adds the bearer token when present, sends JSON
// bodies, and turns failures into two distinct errors: ApiError (the server answered with an
// error status) and NetworkError (fetch itself failed: offline, server down, CORS...).
// It also tells the session (lib/auth.tsx) what the answers say about it: a 401 to a request
// that carried the token ends the session; an outage (no answer, or the server saying it cannot
// reach its database) does not, it only means "try again later".

export const TOKEN_KEY = 'gundem_token';
export const API_BASE = '/api';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can throw (privacy mode, disabled cookies): treat as logged out.
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Ignore: the session then lasts only for this page.
  }
}

/**
 * Forgets the token, and asks the server to remove the home-page cookie it set beside it
 * (backend/src/auth/home-session.ts; HttpOnly, so only the server can): the next `/` of this
 * browser must not carry the member's account and feed.
 */
export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to clear.
  }
  // `keepalive`: a logout followed at once by a navigation still reaches the server.
  fetch(`${API_BASE}/auth/logout`, { method: 'POST', keepalive: true }).catch(() => undefined);
}

/** The server answered with a non-2xx status. `serverMessage` is its `message` field, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly body: unknown;
  /** Seconds from the Retry-After header, when the server sent one. */
  readonly retryAfter: number | null;

  constructor(status: number, serverMessage: string | null, body: unknown, retryAfter: number | null = null) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** fetch itself failed: no answer from the server at all. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Whether a failure means "the service cannot be reached right now" (keep the session, retry
 * later) rather than an answer about the request: no answer at all, a gateway error, or a 503
 * with Retry-After (the API's answer while its database is away). A 503 without it (maintenance
 * mode, a busy search) is an answer and leaves the connection state alone.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof ApiError)) return false;
  return error.status === 502 || error.status === 504 || (error.status === 503 && error.retryAfter !== null);
}

/**
 * What answers tell about the session and the connection, for the session provider:
 * `session-rejected` — a request with the stored token got 401 (the token is already removed);
 * `unavailable` — see isUnavailable; `reachable` — any other answer.
 */
export type ApiEvent = 'session-rejected' | 'unavailable' | 'reachable';

const listeners = new Set<(event: ApiEvent) => void>();

/** Subscribes to ApiEvents; returns the unsubscribe function. */
export function subscribeApiEvents(listener: (event: ApiEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(event: ApiEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Paths whose 401 is about the credentials sent in the body, not about the stored token. */
const CREDENTIAL_PATHS = new Set(['/auth/login']);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  /** Extra query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function normalisePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const normalised = normalisePath(path);
  let url = `${API_BASE}${normalised}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += (url.includes('?') ? '&' : '?') + search;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return parseBody(await response.text());
}

/** An answer's text as JSON, or as text when it is not JSON; null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    // Defensive: some frameworks send an array of validation messages.
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  }
  return null;
}

/** The Authorization header of the stored token, if any (every call sends it). */
export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** No answer at all: the session is told the service is away. */
export function networkFailure(cause: unknown): NetworkError {
  emit('unavailable');
  return new NetworkError(cause);
}

/**
 * Tells the session what an answer says (see ApiEvent) and returns, for a non-2xx one, its
 * ApiError. Shared by apiRequest and the upload's XMLHttpRequest (lib/upload.ts),
 * which fetch cannot replace: it has no upload progress.
 */
export function answerFailure(
  path: string,
  token: string | null,
  status: number,
  data: unknown,
  retryAfterHeader: string | null,
): ApiError | null {
  if (status >= 200 && status < 300) {
    emit('reachable');
    return null;
  }
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader) : null;
  const error = new ApiError(status, messageOf(data), data, retryAfter);
  if (isUnavailable(error)) {
    emit('unavailable');
  } else if (status === 401 && token && !CREDENTIAL_PATHS.has(normalisePath(path))) {
    // Only this ends a session: the server looked at the token and refused it. A newer token
    // stored meanwhile (a login in another tab) is not this one and stays.
    if (getToken() === token) {
      clearToken();
      emit('session-rejected');
    }
  } else {
    emit('reachable');
  }
  return error;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers: extraHeaders } = options;
  // The server answers errors in the page's language (docs/wire-contract.md#errors).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'tr', ...extraHeaders };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    // A cancelled request is not a network failure: let callers recognise it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkFailure(error);
  }

  const data = await readBody(response);
  const error = answerFailure(path, token, response.status, data, response.headers.get('Retry-After'));
  if (error) throw error;
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The text a screen shows for a failed call: the server's message when it sent one, else the
 * screen's fallback; `network` (default: the fallback) when the server could not be reached.
 */
export function errorText(error: unknown, fallback: string, network: string = fallback): string {
  if (error instanceof NetworkError) return network;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
