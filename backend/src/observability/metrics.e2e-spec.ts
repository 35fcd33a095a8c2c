import { randomBytes } from 'node:crypto';
import { startTestRedis } from '../../test/redis-server';
import { closeAllSockets, connectSocket, nextEvent, request } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RATE_LIMITED } from '../common/common.texts';
import { EMITTED_EVENTS, RATE_LIMITERS } from '../common/metrics/metrics';
import { ConfigError, loadConfig } from '../config/app-config';
import { freePort } from '../database/embedded-postgres';
import { METRICS_UNAUTHORIZED } from './observability.texts';

const redis = await startTestRedis();

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus's text exposition format (0.0.4) strictly: every line must be a HELP or TYPE
 * comment or a sample `name{label="value",…} number`, and every sample must belong to a declared
 * metric family (its name, or the name plus _bucket/_sum/_count for histograms).
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleLine = new RegExp(`^(${name})(?:\\{(.*)\\})? (\\S+)$`);
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = new RegExp(`^# (HELP|TYPE) (${name}) (.*)$`).exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        types.set(comment[2], comment[3]);
      }
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a line of the exposition format: ${line}`);
    const labels: Record<string, string> = {};
    label.lastIndex = 0;
    const raw = match[2] ?? '';
    let consumed = 0;
    for (let m = label.exec(raw); m; m = label.exec(raw)) {
      labels[m[1]] = m[2].replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      consumed = label.lastIndex;
    }
    if (consumed !== raw.length) throw new Error(`bad labels: ${line}`);
    // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case).
    const value = /^nan$/i.test(match[3]) ? NaN : Number(match[3].replace(/^([+-]?)inf$/i, '$1Infinity'));
    if (Number.isNaN(value) && !/^nan$/i.test(match[3])) throw new Error(`bad value: ${line}`);
    const family = match[1].replace(/_(bucket|sum|count)$/, '');
    if (!types.has(match[1]) && !types.has(family)) throw new Error(`sample of an undeclared metric: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return { types, samples };
}

async function scrape(t: TestApp, token?: string) {
  const req = t.http.get('/api/metrics');
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req.expect(200);
  return { res, ...parseExposition(res.text) };
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('GET /api/metrics (real PostgreSQL, Socket.IO)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  it('answers the text exposition format, with our metrics and the process and event-loop ones', async () => {
    const { res, types, samples } = await scrape(t);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('gundem_')))).toEqual({
      gundem_http_requests_total: 'counter',
      gundem_http_request_duration_seconds: 'histogram',
      gundem_rate_limit_refusals_total: 'counter',
      gundem_socket_events_emitted_total: 'counter',
      gundem_media_uploads_total: 'counter',
      gundem_db_pool_connections: 'gauge',
      gundem_db_pool_idle_connections: 'gauge',
      gundem_db_pool_in_use_connections: 'gauge',
      gundem_db_pool_waiting_clients: 'gauge',
      gundem_db_pool_max_connections: 'gauge',
      gundem_sockets_open: 'gauge',
      gundem_redis_adapter_connected: 'gauge',
      // The read replicas' (no samples without DATABASE_REPLICA_URLS; test/app/read-replicas.e2e-spec.ts).
      gundem_db_replica_lag_ms: 'gauge',
      gundem_db_replica_in_rotation: 'gauge',
      gundem_db_lag_tolerant_reads: 'gauge',
    });
    // prom-client's default metrics, on this app's registry.
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(types.has(name)).toBe(true);
    }
    // Every limiter and event is there from the start, at 0.
    for (const limiter of RATE_LIMITERS) expect(samples).toContainEqual({ name: 'gundem_rate_limit_refusals_total', labels: { limiter }, value: 0 });
    for (const event of EMITTED_EVENTS) expect(samples.some((s) => s.name === 'gundem_socket_events_emitted_total' && s.labels.event === event)).toBe(true);
    // The pool: the app has queried the database, and holds at most its maximum.
    const max = value(samples, 'gundem_db_pool_max_connections');
    const total = value(samples, 'gundem_db_pool_connections');
    expect(max).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(max);
    expect(value(samples, 'gundem_db_pool_idle_connections') + value(samples, 'gundem_db_pool_in_use_connections')).toBe(total);
    expect(value(samples, 'gundem_db_pool_waiting_clients')).toBe(0);
    // No Redis configured: no adapter series at all, rather than a 0 that would read as an outage.
    expect(samples.filter((s) => s.name === 'gundem_redis_adapter_connected')).toEqual([]);
    // Not for API clients: left out of the OpenAPI document.
    const openapi = await t.http.get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(openapi.body.paths)).not.toContain('/api/metrics');
  });

  it('counts a request under its route template, never its URL, and a request no route matched as unmatched', async () => {
    const author = await t.createUser();
    const post = await t.createPost(author, 'ölçülen gönderi');
    const before = (await scrape(t)).samples;
    const labels = { method: 'GET', route: '/api/posts/:id', status: '200' };
    await t.http.get(`/api/posts/${post.id}`).expect(200);
    await t.http.get(`/api/posts/${post.id}`).expect(200);
    await t.http.get('/api/olmayan-bir-yol').expect(404);
    const { res, samples } = await scrape(t);
    expect(value(samples, 'gundem_http_requests_total', labels) - value(before, 'gundem_http_requests_total', labels)).toBe(2);
    expect(value(samples, 'gundem_http_request_duration_seconds_count', labels) - value(before, 'gundem_http_request_duration_seconds_count', labels)).toBe(2);
    expect(value(samples, 'gundem_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(value(samples, 'gundem_http_requests_total', labels));
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(value(samples, 'gundem_http_requests_total', unmatched) - value(before, 'gundem_http_requests_total', unmatched)).toBe(1);
    expect(res.text).not.toContain(post.id);
    expect(res.text).not.toContain('olmayan');
    // The scrape itself is a route like the others.
    expect(value(samples, 'gundem_http_requests_total', { method: 'GET', route: '/api/metrics', status: '200' })).toBeGreaterThan(0);
  });

  it('follows the sockets open on this node', async () => {
    const open = async () => value((await scrape(t)).samples, 'gundem_sockets_open');
    const base = await open();
    const first = await connectSocket(url);
    const second = await connectSocket(url, await t.tokenFor(await t.createUser()));
    expect(await open()).toBe(base + 2);
    first.close();
    second.close();
    await until(async () => (await open()) === base, 'the sockets to be closed on the server');
  });

  it('counts post:engagement when a like is pushed to the post\'s watchers', async () => {
    const author = await t.createUser();
    const liker = await t.createUser();
    const post = await t.createPost(author, 'beğenilecek gönderi');
    const watcher = await connectSocket(url);
    expect(await request(watcher, 'posts:watch', [post.id])).toMatchObject({ ok: true });
    const before = value((await scrape(t)).samples, 'gundem_socket_events_emitted_total', { event: 'post:engagement' });
    const pushed = nextEvent(watcher, 'post:engagement');
    await t.http.put(`/api/posts/${post.id}/like`).set('Authorization', `Bearer ${await t.tokenFor(liker)}`).expect(200);
    expect(await pushed).toMatchObject({ postId: post.id, likeCount: 1 });
    expect(value((await scrape(t)).samples, 'gundem_socket_events_emitted_total', { event: 'post:engagement' })).toBe(before + 1);
  });

  it('is outside the session guard: no token needed when METRICS_TOKEN is unset', async () => {
    await t.http.get('/api/metrics').set('Authorization', 'Bearer not-a-session-token').expect(200);
  });
});

describe('rate-limit refusals', () => {
  // Prometheus with the token is never counted; without one, a scrape would count against the address.
  const token = randomBytes(24).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true, readRateLimitGuest: 2, readRateLimitWindowMs: 60_000, loginMaxFailures: 1, socketMaxPerIp: 1, metricsToken: token });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  it('counts a 429 of the read budget under api_read, and the scrape with the token is never counted against a budget', async () => {
    for (let i = 0; i < 2; i++) await t.http.get('/api/posts/timeline').expect(200);
    const refused = await t.http.get('/api/posts/timeline').expect(429);
    expect(refused.body.message).toBe(RATE_LIMITED);
    // Three scrapes by the same guest address, all answered although its budget is spent.
    await scrape(t, token);
    await scrape(t, token);
    const { samples } = await scrape(t, token);
    expect(value(samples, 'gundem_rate_limit_refusals_total', { limiter: 'api_read' })).toBe(1);
    expect(value(samples, 'gundem_http_requests_total', { method: 'GET', route: '/api/posts/timeline', status: '429' })).toBe(1);
  });

  it('counts a locked login under login', async () => {
    const user = await t.createUser();
    await t.http.post('/api/auth/login').send({ login: user.username, password: 'yanlis-parola' }).expect(401);
    await t.http.post('/api/auth/login').send({ login: user.username, password: 'yanlis-parola' }).expect(429);
    expect(value((await scrape(t, token)).samples, 'gundem_rate_limit_refusals_total', { limiter: 'login' })).toBe(1);
  });

  it('counts a socket handshake over the per-address cap under socket_per_ip', async () => {
    const url = await t.listen();
    await connectSocket(url);
    await expect(connectSocket(url)).rejects.toMatchObject({ message: 'too_many_connections' });
    expect(value((await scrape(t, token)).samples, 'gundem_rate_limit_refusals_total', { limiter: 'socket_per_ip' })).toBe(1);
  });
});

describe('METRICS_TOKEN', () => {
  const token = randomBytes(24).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 with the Turkish message without the token or with a wrong one, 200 with it', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, token, 'Basic Zm9vOmJhcg==']) {
      const req = t.http.get('/api/metrics');
      if (authorization) req.set('Authorization', authorization);
      const res = await req.expect(401);
      expect(res.body).toEqual({ message: METRICS_UNAUTHORIZED, statusCode: 401 });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('gundem_');
    }
    const { samples } = await scrape(t, token);
    expect(samples.length).toBeGreaterThan(0);
    // The refused scrapes were counted like any request.
    expect(value(samples, 'gundem_http_requests_total', { method: 'GET', route: '/api/metrics', status: '401' })).toBe(5);
  });

  it('is refused at boot when short or holding spaces, and read when well formed', () => {
    for (const bad of ['kisa', 'bir anahtar ki boşluk içeriyor']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN en az 16 karakter/);
    }
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

(redis ? describe : describe.skip)('with the Redis adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: redis!.url, redisPrefix: `gundem-metrics-${randomBytes(4).toString('hex')}` });
  });
  afterAll(async () => {
    await t.close();
    await redis!.stop();
  });

  it('reports the publisher and the subscriber connected', async () => {
    const { samples } = await scrape(t);
    expect(value(samples, 'gundem_redis_adapter_connected', { client: 'pub' })).toBe(1);
    expect(value(samples, 'gundem_redis_adapter_connected', { client: 'sub' })).toBe(1);
  });
});

describe('with the Redis adapter pointed at a Redis that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports both connections down', async () => {
    const { samples } = await scrape(t);
    expect(value(samples, 'gundem_redis_adapter_connected', { client: 'pub' })).toBe(0);
    expect(value(samples, 'gundem_redis_adapter_connected', { client: 'sub' })).toBe(0);
  });
});
