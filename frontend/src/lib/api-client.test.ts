import { mockFetch } from '../test/fetch-mock';
import {
  ApiError,
  type ApiEvent,
  apiClient,
  clearToken,
  errorText,
  getToken,
  isUnavailable,
  NetworkError,
  setToken,
  subscribeApiEvents,
} from './api-client';

describe('apiClient', () => {
  it('prefixes /api, parses JSON and sends no bearer without a token', async () => {
    const { calls } = mockFetch({ 'GET /api/posts/timeline': { body: { posts: [] } } });
    await expect(apiClient.get('/posts/timeline')).resolves.toEqual({ posts: [] });
    expect(calls[0].url).toBe('/api/posts/timeline');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].headers['Content-Type']).toBeUndefined();
  });

  it('adds the bearer header from localStorage.gundem_token', async () => {
    localStorage.setItem('gundem_token', 'abc.def');
    const { calls } = mockFetch({ 'GET /api/auth/me': { body: { user: {} } } });
    await apiClient.get('/auth/me');
    expect(calls[0].headers.Authorization).toBe('Bearer abc.def');
  });

  it('sends bodies as JSON with the JSON content type', async () => {
    const { calls } = mockFetch({ 'PATCH /api/admin/users/7': { body: { message: 'Tamam' } } });
    await apiClient.patch('/admin/users/7', { isActive: false });
    expect(calls[0].method).toBe('PATCH');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ isActive: false });
  });

  it('builds query strings and leaves out empty values', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/users': { body: { users: [] } } });
    await apiClient.get('/admin/users', { query: { page: 2, limit: 10, search: undefined } });
    expect(calls[0].url).toBe('/api/admin/users?page=2&limit=10');
  });

  it("throws an ApiError with the server's message and status", async () => {
    mockFetch({
      'POST /api/posts': { status: 400, body: { message: 'Gönderi boş olamaz', statusCode: 400 } },
    });
    const error = await apiClient.post('/posts', { content: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Gönderi boş olamaz');
    expect((error as ApiError).message).toBe('Gönderi boş olamaz');
  });

  it('throws an ApiError without a server message for an empty error body', async () => {
    mockFetch({ 'DELETE /api/admin/posts/1': { status: 503 } });
    const error = await apiClient.delete('/admin/posts/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).serverMessage).toBeNull();
  });

  it('throws a NetworkError when fetch itself fails', async () => {
    mockFetch({ 'GET /api/posts/timeline': { networkError: true } });
    const error = await apiClient.get('/posts/timeline').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('resolves null for an answer without a body', async () => {
    mockFetch({ 'DELETE /api/admin/posts/2': { status: 200 } });
    await expect(apiClient.delete('/admin/posts/2')).resolves.toBeNull();
  });
});

describe('errorText', () => {
  it('prefers the server message, then the fallback, and the network text for NetworkError', () => {
    expect(errorText(new ApiError(409, 'Alınmış', null), 'Hata', 'Ağ')).toBe('Alınmış');
    expect(errorText(new ApiError(500, null, null), 'Hata', 'Ağ')).toBe('Hata');
    expect(errorText(new NetworkError(new TypeError('x')), 'Hata', 'Ağ')).toBe('Ağ');
    expect(errorText(new NetworkError(new TypeError('x')), 'Hata')).toBe('Hata');
    expect(errorText(new Error('boom'), 'Hata', 'Ağ')).toBe('Hata');
  });
});

describe('what answers tell the session', () => {
  function recordEvents() {
    const events: ApiEvent[] = [];
    const stop = subscribeApiEvents((event) => events.push(event));
    return { events, stop };
  }

  it('drops the stored token on a 401 to a request that carried it', async () => {
    localStorage.setItem('gundem_token', 'eski');
    mockFetch({ 'GET /api/posts/timeline': { status: 401, body: { message: 'Oturum geçersiz', statusCode: 401 } } });
    const { events, stop } = recordEvents();
    await expect(apiClient.get('/posts/timeline')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(events).toEqual(['session-rejected']);
  });

  it('keeps the token on a wrong password at login (that 401 is about the credentials)', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Hatalı giriş', statusCode: 401 } } });
    const { events, stop } = recordEvents();
    await expect(apiClient.post('/auth/login', { login: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    expect(events).toEqual(['reachable']);
  });

  it('keeps a token stored while the refused request was on its way (a login in another tab)', async () => {
    localStorage.setItem('gundem_token', 'eski');
    mockFetch({
      'GET /api/auth/me': () => {
        localStorage.setItem('gundem_token', 'yeni');
        return { status: 401, body: { message: 'Oturum geçersiz', statusCode: 401 } };
      },
    });
    const { events, stop } = recordEvents();
    await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(localStorage.getItem('gundem_token')).toBe('yeni');
    expect(events).toEqual([]);
  });

  it('keeps the token and reports an outage on a 503 with Retry-After (database away)', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    mockFetch({
      'GET /api/auth/me': {
        status: 503,
        body: { message: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 },
        headers: { 'Retry-After': '5' },
      },
    });
    const { events, stop } = recordEvents();
    const error = await apiClient.get('/auth/me').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(5);
    expect(isUnavailable(error)).toBe(true);
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    expect(events).toEqual(['unavailable']);
  });

  it('keeps the token and reports an outage when the server cannot be reached at all', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    mockFetch({ 'GET /api/auth/me': { networkError: true } });
    const { events, stop } = recordEvents();
    const error = await apiClient.get('/auth/me').catch((e: unknown) => e);
    stop();
    expect(isUnavailable(error)).toBe(true);
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    expect(events).toEqual(['unavailable']);
  });

  it('treats a 503 without Retry-After (maintenance mode) and a 500 as answers, not an outage', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    mockFetch({
      'POST /api/posts': { status: 503, body: { message: 'Bakım modu', statusCode: 503 } },
      'GET /api/posts/timeline': { status: 500, body: { message: 'Hata', statusCode: 500 } },
    });
    const { events, stop } = recordEvents();
    const maintenance = await apiClient.post('/posts', { content: 'x' }).catch((e: unknown) => e);
    const bug = await apiClient.get('/posts/timeline').catch((e: unknown) => e);
    stop();
    expect(isUnavailable(maintenance)).toBe(false);
    expect(isUnavailable(bug)).toBe(false);
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    expect(events).toEqual(['reachable', 'reachable']);
  });
});

describe('the home-page cookie (issue 13: backend/src/auth/home-session.ts)', () => {
  it('is asked to go when the token is forgotten: POST /api/auth/logout', () => {
    setToken('abc.def');
    const { calls } = mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    clearToken();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/logout']);
    expect(getToken()).toBeNull();
  });

  it('is asked to go when the server refuses the stored token', async () => {
    setToken('eski.token');
    const { calls } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { message: 'Oturum geçersiz' } },
      'POST /api/auth/logout': { status: 204 },
    });
    await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/logout']);
  });

  it('a logout that cannot reach the server still forgets the token, without an error', async () => {
    setToken('abc.def');
    mockFetch({ 'POST /api/auth/logout': { networkError: true } });
    expect(() => clearToken()).not.toThrow();
    await Promise.resolve();
    expect(getToken()).toBeNull();
  });
});
