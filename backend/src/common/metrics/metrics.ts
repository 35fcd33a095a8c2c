import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every limit that refuses a client, as the `limiter` label of gundem_rate_limit_refusals_total:
 * - `api_write` / `api_read`: the API's write and read budgets (settings/rate-limit.guard.ts, 429;
 *   a member's server-rendered `/` counts as a read: settings/read-budget.ts);
 * - `login`: an account locked for an address after too many failures (auth/login-throttle.ts, 429);
 * - `mail`: an account mail not sent to a mailbox that had its share (auth/mail-throttle.ts);
 * - `socket_per_ip` / `socket_per_user`: a Socket.IO handshake over a connection cap;
 * - `socket_events`: a client → server event over the connection's token bucket;
 * - `socket_watched`: a `posts:watch` over the watched-posts caps (realtime/socket-limits.ts, post-watch.ts);
 * - `socket_typing`: a `message:typing` sooner than TYPING_MIN_INTERVAL_MS after the connection's last one (realtime/typing.ts);
 * - `metrics`: a GET /api/metrics without the right token past its address's budget (observability/metrics-token.guard.ts).
 * - `media_upload`: a picture upload over the member's `mediaUploadsPerHour` (media/media-upload.interceptor.ts, 429).
 * - `heavy_queue`: a heavy request (search, the back-office lists) that waited HEAVY_QUEUE_TIMEOUT_MS for its turn (common/concurrency/heavy-queries.ts, 503).
 */
export const RATE_LIMITERS = ['api_write', 'api_read', 'login', 'mail', 'socket_per_ip', 'socket_per_user', 'socket_events', 'socket_watched', 'socket_typing', 'metrics', 'heavy_queue', 'media_upload'] as const;
export type RateLimiter = (typeof RATE_LIMITERS)[number];

/** The events RealtimeEvents sends (docs/wire-contract.md#socketio), the `event` label of gundem_socket_events_emitted_total. */
export const EMITTED_EVENTS = [
  'post:new',
  'post:engagement',
  'post:reply',
  'post:deleted',
  'post:updated',
  'post:edited',
  'repost:removed',
  'message:new',
  'message:read',
  'message:typing',
  'notification:new',
  'notification:read',
  'preferences:updated',
  'reports:open',
  'follow-requests:count',
  'follow-request:approved',
  'profile:updated',
] as const;
export type EmittedEvent = (typeof EMITTED_EVENTS)[number];

/** Methods kept as they are in the `method` label; anything else Node's parser accepts is `other` (bounded label values). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The `route` label of a request no route of the API answered (404s, Swagger's files, anything mounted before the router). */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, handles, GC, event-loop lag `nodejs_eventloop_lag_*`)
 * describe the process, not one app, so they are collected once per process, in a registry of
 * their own (never prom-client's global one), and every app's exposition includes them. Once:
 * prom-client keeps the event-loop monitor and the GC observer of each collection running for
 * the process's lifetime (it has no way to stop them), and tests build many apps in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This app's Prometheus metrics (served by observability/metrics.controller.ts at /api/metrics).
 *
 * One registry per app instance rather than prom-client's global one: the tests build many apps
 * in one process, and a second registration of a name in the global registry throws. The
 * process's default metrics are added at scrape time (see processMetrics). Nodes are
 * told apart by the scrape target, so no metric carries a node label; every label has a small,
 * fixed set of values (routes are templates, never raw URLs).
 *
 * Counters are cheap enough for hot paths (a Map lookup and an add). Gauges whose value lives
 * elsewhere (the database pool, open sockets) are read when Prometheus scrapes, through
 * `gauge(…, collect)`, so nothing is kept up to date in between.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'gundem_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'gundem_http_request_duration_seconds',
    help: 'Time from the request reaching the app to its response being sent, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    // prom-client's defaults (5 ms … 10 s) plus 30 s: a search or a statement may run into its timeout.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly refusals = new Counter({
    name: 'gundem_rate_limit_refusals_total',
    help: 'Requests, handshakes, socket events and mails refused by a rate limit or cap, by limiter.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });

  private readonly socketEvents = new Counter({
    name: 'gundem_socket_events_emitted_total',
    help: 'Socket.IO events this node sent out (one per broadcast, not per receiving connection), by event.',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  private readonly mediaUploads = new Counter({
    name: 'gundem_media_uploads_total',
    help: 'Picture uploads (POST /api/media) by result: stored, or refused (too large, not an image, unreadable, over a limit).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Started with the first app, so the event-loop lag is measured from then on.
    processMetrics();
    // Every known label value from the start, so rate() and alerts see a 0 rather than no series.
    for (const limiter of RATE_LIMITERS) this.refusals.inc({ limiter }, 0);
    for (const event of EMITTED_EVENTS) this.socketEvents.inc({ event }, 0);
    for (const result of ['stored', 'refused']) this.mediaUploads.inc({ result }, 0);
  }

  /** A picture upload that was stored, or refused with a 4xx. */
  mediaUpload(result: 'stored' | 'refused'): void {
    this.mediaUploads.inc({ result });
  }

  /** An answered HTTP request; `route` is the route's template (`/api/posts/:id`) or UNMATCHED_ROUTE. */
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'other', route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** A client refused by `limiter` (see RATE_LIMITERS). */
  refused(limiter: RateLimiter): void {
    this.refusals.inc({ limiter });
  }

  /** A Socket.IO event sent by this node. */
  emitted(event: EmittedEvent): void {
    this.socketEvents.inc({ event });
  }

  /** A gauge read from `read` at each scrape. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * A gauge with labels read from `read` at each scrape: one sample per entry it yields, none
   * when it yields none (e.g. the Redis clients of a node without REDIS_URL).
   */
  labelledGauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Iterable<[Record<L, string>, number]>): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.set(labels as Partial<Record<L, string>>, value);
      },
    });
  }

  /** The text exposition of this app's metrics and the process's, and its Content-Type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

/** Global, so the rate limiters and the realtime module can count without importing a feature. */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
