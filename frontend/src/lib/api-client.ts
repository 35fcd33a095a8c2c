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

/**
 * The member hint: a cookie that only says "this browser holds a session", so the server sends
 * a member's `/` without the guests' server-rendered feed (backend/src/common/spa/home-page.ts,
 * issue 13). It carries no secret and the server trusts it for nothing else: the token stays in
 * localStorage and goes only in the Authorization header.
 */
export const MEMBER_HINT_COOKIE = 'gundem_member';

/** The hint's lifetime: the token's default one (JWT_EXPIRES_IN, 7 days); a refused token clears it. */
const MEMBER_HINT_MAX_AGE_S = 7 * 24 * 60 * 60;

function writeMemberHint(present: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = present ? `1; Max-Age=${MEMBER_HINT_MAX_AGE_S}` : '; Max-Age=0';
  document.cookie = `${MEMBER_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

/** At start: the hint follows the stored token (sessions from before the hint get it here). */
export function syncMemberHint(): void {
  const hinted = typeof document !== 'undefined' && document.cookie.split('; ').includes(`${MEMBER_HINT_COOKIE}=1`);
  const member = getToken() !== null;
  if (member || hinted) writeMemberHint(member);
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Ignore: the session then lasts only for this page.
  }
  writeMemberHint(true);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to clear.
  }
  writeMemberHint(false);
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
  const text = await response.text();
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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers: extraHeaders } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
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
    emit('unavailable');
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (response.ok) {
    emit('reachable');
    return data as T;
  }
  const retryAfterHeader = response.headers.get('Retry-After');
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader) : null;
  const error = new ApiError(response.status, messageOf(data), data, retryAfter);
  if (isUnavailable(error)) {
    emit('unavailable');
  } else if (response.status === 401 && token && !CREDENTIAL_PATHS.has(normalisePath(path))) {
    // Only this ends a session: the server looked at the token and refused it. A newer token
    // stored meanwhile (a login in another tab) is not this one and stays.
    if (getToken() === token) {
      clearToken();
      emit('session-rejected');
    }
  } else {
    emit('reachable');
  }
  throw error;
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
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
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
