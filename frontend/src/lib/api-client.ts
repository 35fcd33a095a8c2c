// The one fetch wrapper every screen uses. It adds the bearer token when present, sends JSON
// bodies, and turns failures into two distinct errors: ApiError (the server answered with an
// error status) and NetworkError (fetch itself failed: offline, server down, CORS...).

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

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The server answered with a non-2xx status. `serverMessage` is its `message` field, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly body: unknown;

  constructor(status: number, serverMessage: string | null, body: unknown) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** fetch itself failed: no answer from the server at all. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

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

function buildUrl(path: string, query: RequestOptions['query']): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
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
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(data), data);
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
