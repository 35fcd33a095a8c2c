// A tiny fetch stub for component tests: answers by "METHOD /path" and records every call.
export interface MockReply {
  status?: number;
  body?: unknown;
  /** Reject like fetch does when the network is down. */
  networkError?: boolean;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

export type MockRoutes = Record<
  string,
  MockReply | ((init: RequestInit | undefined, url: string) => MockReply | Promise<MockReply>)
>;

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export function mockFetch(routes: MockRoutes) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = { ...((init?.headers as Record<string, string> | undefined) ?? {}) };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, headers, body });
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`Unexpected fetch: ${method} ${url}`);
    const reply = typeof route === 'function' ? await route(init, url) : route;
    if (reply.networkError) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
