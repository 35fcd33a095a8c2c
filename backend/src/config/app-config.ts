import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { CLUSTER_PROTOCOL, parseClusterNodes, parseClusterUrl } from './redis-target';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/**
 * How much longer than PostgreSQL's own statement_timeout the app waits for an answer
 * (DB_QUERY_TIMEOUT_MS's default margin): a server that is alive cancels the statement first
 * (57014, the "busy" 503); one that is frozen, swapping or cut off never answers, and then the
 * client gives up (the database-unavailable 503). See database/bounded-client.ts.
 */
export const READ_TIMEOUT_GRACE_MS = 1_000;

export interface ReplicaConfig {
  urls: string[];
  maxLagMs: number;
  checkMs: number;
}

/** Every setting the server reads, validated once at boot. Nothing else reads process.env. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on. */
  host: string;
  /**
   * TRUST_PROXY (default: none): which peers may tell the client's address in X-Forwarded-For —
   * a hop count, or addresses/CIDRs/`loopback`/`uniquelocal`. See config/trust-proxy.ts.
   */
  trustProxy: TrustProxy;
  /** Unset means: start the embedded PostgreSQL in DATA_DIR/postgres. */
  databaseUrl?: string;
  /**
   * DATABASE_REPLICA_URLS (comma-separated postgres:// URLs, default none), REPLICA_MAX_LAG_MS
   * (default 2000) and REPLICA_CHECK_MS (default 1000): streaming replicas that serve the reads
   * which tolerate a little lag (a guest's pages, search, trends, suggestions, the admin lists).
   * A replica lagging more than maxLagMs, or not answering, leaves the rotation until it catches
   * up; with none left those reads go to the primary. See database/read-replicas.ts.
   */
  replicas: ReplicaConfig;
  /**
   * REDIS_URL (`redis://`, `rediss://`: one Redis; `redis+cluster://host:port,…`: a Redis Cluster),
   * or REDIS_CLUSTER_NODES (`host:port,…`) as a `redis+cluster://` URL. See config/redis-target.ts.
   */
  redisUrl?: string;
  /** Namespace of this deployment's Redis channels (REDIS_PREFIX), so two installs can share one Redis. */
  redisPrefix: string;
  dataDir: string;
  /**
   * EMBEDDED_PG_RUNTIME_DIR (default /var/lib/gundem; absolute): only when running as root with
   * the embedded PostgreSQL. The `postgres` user it runs as must reach its binaries and cluster;
   * when the checkout or DATA_DIR is closed to that user (a clone in a 0700 home), the binaries
   * are copied, and the cluster kept, here. See database/embedded-postgres-runtime.ts.
   */
  embeddedPgRuntimeDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /**
   * RATE_LIMIT_ENABLED (default true): the API rate limiter whose window and budget are admin
   * settings. Off only for load benchmarks and tests that do not test the limiter itself.
   */
  rateLimitEnabled: boolean;
  /**
   * NOTIFICATIONS_ENABLED (default true): false stops this node from writing new notifications
   * (lists, counts and read marks still work). An operator's switch for a writer that misbehaves,
   * and the benchmark's baseline for what a like costs without it (docs/performance.md).
   */
  notificationsEnabled: boolean;
  /**
   * LOGIN_MAX_FAILURES (default 25) failed logins for one login name (e-mail or username, as
   * normalised) within LOGIN_FAILURE_WINDOW_MINUTES (default 60) lock that name's login until the
   * oldest failure leaves the window (auth/login-throttle.ts). Independent of RATE_LIMIT_ENABLED.
   */
  loginMaxFailures: number;
  loginFailureWindowMs: number;
  /**
   * DB_STATEMENT_TIMEOUT_MS (default 5000; 0 turns it off): the longest any one SQL statement of
   * a request may run before PostgreSQL cancels it and the client gets a 503.
   */
  statementTimeoutMs: number;
  /**
   * DB_CONNECT_TIMEOUT_MS (default 5000; 0 waits forever): how long a request waits for a database
   * connection (a free one of the pool, or a new one: a frozen server accepts TCP and never
   * answers) before it gets the database-unavailable 503.
   */
  connectTimeoutMs: number;
  /**
   * DB_QUERY_TIMEOUT_MS (default DB_STATEMENT_TIMEOUT_MS + 1000, or 0 when that is 0; 0 waits
   * forever; else more than DB_STATEMENT_TIMEOUT_MS): how long the app waits for the answer to one
   * statement of a request before it gives up on the database (the database-unavailable 503). A
   * server that is alive cancels the statement first; this bounds one that does not answer at all.
   */
  queryTimeoutMs: number;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 10000): on SIGTERM/SIGINT, how long requests in flight may take
   * to finish before their connections are cut (see common/lifecycle/http-drain.ts).
   */
  shutdownTimeoutMs: number;
  /**
   * SSR_WAIT_MS (default 500): how long `/` and a guest's Explore wait for their data (the first
   * page, a member's state, the trends) before they go out as plain index.html and the app asks
   * the API: a slow database must not hold the page itself.
   */
  ssrWaitMs: number;
  /** Built SPA to serve at /; unset or missing serves the API only. */
  frontendDist?: string;
  /**
   * LOG_LEVEL (default `log`): the least severe lines written — Nest's names, mapped to pino's
   * levels in common/logging/log-levels.ts (`log` is pino's `info`, `verbose` its `trace`).
   */
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /**
   * LOG_FORMAT (default `json` when NODE_ENV=production, else `pretty`): one JSON object per line
   * for a log collector, or pino-pretty's coloured lines for a person at a terminal.
   */
  logFormat: 'json' | 'pretty';
  /**
   * READ_RATE_LIMIT_GUEST (default 300) / READ_RATE_LIMIT_MEMBER (default 1500): units of reads
   * (GET, HEAD) a guest's address / a signed-in account may use per READ_RATE_LIMIT_WINDOW_MS
   * (default 300000, five minutes) — Mastodon's budgets. A search costs several units
   * (SEARCH_READ_COST). 0 turns that budget off; RATE_LIMIT_ENABLED=false turns both off.
   */
  readRateLimitGuest: number;
  readRateLimitMember: number;
  readRateLimitWindowMs: number;
  /**
   * SEARCH_STATEMENT_TIMEOUT_MS (default 2000; 0 leaves only DB_STATEMENT_TIMEOUT_MS): the longest
   * a post search's SQL may run before PostgreSQL cancels it and the client gets a 503.
   */
  searchStatementTimeoutMs: number;
  /**
   * ALLOWED_ORIGINS (default none): comma-separated origins, besides APP_URL's and the page's own
   * host, whose pages may open a Socket.IO connection (see realtime/origin-check.ts).
   */
  allowedOrigins: string[];
  /** SOCKET_MAX_PER_IP (default 50): Socket.IO connections one client address may hold on one node. */
  socketMaxPerIp: number;
  /** SOCKET_MAX_PER_USER (default 20): Socket.IO connections (tabs) one account may hold on one node. */
  socketMaxPerUser: number;
  /** SOCKET_MAX_WATCHED_PER_IP (default 2000): posts watched at once by all of one address's connections on one node. */
  socketMaxWatchedPerIp: number;
  /** SOCKET_EVENTS_PER_SECOND (default 20, bursts of twice that): client → server events per connection. */
  socketEventsPerSecond: number;
  /**
   * METRICS_TOKEN (default unset): when set, `GET /api/metrics` answers only a request carrying
   * `Authorization: Bearer <token>` (16+ characters, no spaces). Unset, the metrics are open to
   * anyone who reaches the node: keep /api/metrics off the public proxy (or firewall it) then.
   */
  metricsToken?: string;
  /** Where post pictures are kept (issue 24): MEDIA_STORAGE and the MEDIA_S3_* variables. */
  media: MediaConfig;
}

/**
 * MEDIA_STORAGE (default `fs`): `fs` keeps the files in MEDIA_DIR and serves them at /media; `s3` in
 * an S3-compatible bucket (AWS S3, MinIO, Garage, R2, Ceph RGW), which then needs `s3`.
 */
export interface MediaConfig {
  storage: 'fs' | 's3';
  /**
   * MEDIA_PUBLIC_URL (no trailing slash): where a key is served, `${publicUrl}/${key}`. Default:
   * `/media` (fs) or the bucket's own address plus the prefix (s3); a CDN in front of either is an
   * absolute URL, whose origin joins the app's CSP `img-src`. A post keeps the URLs it was written with.
   */
  publicUrl: string;
  /**
   * MEDIA_DIR (fs; absolute, default DATA_DIR/media): the folder of the files. Nodes behind one
   * balancer must share it (a volume, NFS), or use s3: any node may be asked for any picture.
   */
  dir: string;
  s3?: MediaS3Config;
}

/** The MEDIA_S3_* variables, validated; see README "Media storage". */
export interface MediaS3Config {
  /** MEDIA_S3_ENDPOINT: unset means AWS itself. */
  endpoint?: string;
  /** MEDIA_S3_REGION (default us-east-1). */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MEDIA_S3_FORCE_PATH_STYLE (default true when an endpoint is given): `${endpoint}/${bucket}/key`. */
  forcePathStyle: boolean;
  /** MEDIA_S3_PREFIX (default none; no leading or trailing slash): keys are stored as `${prefix}/${key}`. */
  prefix: string;
  /**
   * MEDIA_PUBLIC_URL, or by default the bucket's own address plus the prefix (path style
   * `${endpoint}/${bucket}[/${prefix}]`). Already includes the prefix: `url(key)` only appends the key.
   */
  publicUrl: string;
  /** MEDIA_S3_ACL (default none: many S3-compatibles reject ACL headers): `public-read` sends it. */
  acl?: 'public-read';
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * EMBEDDED_PG_RUNTIME_DIR's default. Under /var/lib rather than os.tmpdir() because it may hold
 * clusters, which a reboot or a tmp cleaner must not delete (docs/architecture.md, "Gömülü
 * PostgreSQL ve root").
 */
export const DEFAULT_EMBEDDED_PG_RUNTIME_DIR = '/var/lib/gundem';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Geçersiz yapılandırma:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
const LOG_FORMATS = ['json', 'pretty'] as const;

function parseBool(name: string, raw: string | undefined, problems: string[]): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  problems.push(`${name} true ya da false olmalı (şu an: "${raw}")`);
  return undefined;
}

function parseIntInRange(name: string, raw: string | undefined, fallback: number, min: number, max: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  problems.push(`${name} ${min} ile ${max} arasında bir tam sayı olmalı (şu an: "${raw}")`);
  return fallback;
}

function parseUrl(name: string, raw: string | undefined, protocols: string[], problems: string[]) {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} ${protocols.join(' ya da ')} ile başlamalı (şu an: "${url.protocol}")`);
    }
  } catch {
    problems.push(`${name} geçerli bir adres değil`);
  }
  return raw;
}

/**
 * REDIS_URL or REDIS_CLUSTER_NODES (not both: which one would win is a guess an operator should
 * not have to make). A cluster comes back as a `redis+cluster://` URL.
 */
function parseRedis(env: NodeJS.ProcessEnv, problems: string[]): string | undefined {
  const clusterNodes = env.REDIS_CLUSTER_NODES?.trim();
  if (clusterNodes) {
    if (env.REDIS_URL) {
      problems.push('REDIS_URL ile REDIS_CLUSTER_NODES birlikte verilemez: tek bir Redis için REDIS_URL, Redis Cluster için REDIS_CLUSTER_NODES kullanın');
      return undefined;
    }
    const parsed = parseClusterNodes('REDIS_CLUSTER_NODES', clusterNodes);
    if ('problems' in parsed) {
      problems.push(...parsed.problems);
      return undefined;
    }
    return `${CLUSTER_PROTOCOL}//${parsed.nodes.map((node) => `${node.host.includes(':') ? `[${node.host}]` : node.host}:${node.port}`).join(',')}`;
  }
  if (env.REDIS_URL?.toLowerCase().startsWith(CLUSTER_PROTOCOL)) {
    const url = env.REDIS_URL.replace(/^redis\+cluster:/i, CLUSTER_PROTOCOL);
    const parsed = parseClusterUrl('REDIS_URL', url);
    if ('problems' in parsed) {
      problems.push(...parsed.problems);
      return undefined;
    }
    return url;
  }
  return parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:', CLUSTER_PROTOCOL], problems);
}

/** ALLOWED_ORIGINS as origins (`scheme://host[:port]`); a value that is not an http(s) address is reported. */
function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? '').split(',').map((value) => value.trim()).filter(Boolean)) {
    try {
      const url = new URL(item);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(url.protocol);
      origins.push(url.origin);
    } catch {
      problems.push(`ALLOWED_ORIGINS içindeki "${item}" http:// ya da https:// ile başlayan bir adres olmalı`);
    }
  }
  return origins;
}

/**
 * Reads the environment into one typed object, listing every bad variable at once.
 * `jwtSecret` is left empty when JWT_SECRET is unset; `resolveJwtSecret` fills it from DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  const nodeEnv = (['development', 'production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development') as AppConfig['nodeEnv'];

  let port = 3000;
  if (env.PORT !== undefined && env.PORT !== '') {
    port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      problems.push(`PORT 0 ile 65535 arasında bir tam sayı olmalı (şu an: "${env.PORT}")`);
      port = 3000;
    }
  }

  const databaseUrl = parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems);
  const replicas: ReplicaConfig = {
    urls: (env.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => parseUrl('DATABASE_REPLICA_URLS', item, ['postgres:', 'postgresql:'], problems))
      .filter((url): url is string => url !== undefined),
    maxLagMs: parseIntInRange('REPLICA_MAX_LAG_MS', env.REPLICA_MAX_LAG_MS, 2_000, 100, 600_000, problems),
    checkMs: parseIntInRange('REPLICA_CHECK_MS', env.REPLICA_CHECK_MS, 1_000, 50, 60_000, problems),
  };
  const redisUrl = parseRedis(env, problems);
  const redisPrefix = env.REDIS_PREFIX || 'gundem';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix)) {
    problems.push('REDIS_PREFIX en fazla 64 harf, rakam ya da : _ . - karakteri olmalı');
  }
  const smtpUrl = parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'], problems);
  const appUrl = parseUrl('APP_URL', env.APP_URL, ['http:', 'https:'], problems) ?? `http://localhost:${port}`;

  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    problems.push('NODE_ENV=production iken JWT_SECRET zorunludur');
  }
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) {
    problems.push('JWT_SECRET en az 32 karakter olmalı');
  }

  const seedDemo = parseBool('SEED_DEMO', env.SEED_DEMO, problems) ?? !databaseUrl;
  const rateLimitEnabled = parseBool('RATE_LIMIT_ENABLED', env.RATE_LIMIT_ENABLED, problems) ?? true;
  const notificationsEnabled = parseBool('NOTIFICATIONS_ENABLED', env.NOTIFICATIONS_ENABLED, problems) ?? true;
  let statementTimeoutMs = 5000;
  if (env.DB_STATEMENT_TIMEOUT_MS !== undefined && env.DB_STATEMENT_TIMEOUT_MS !== '') {
    statementTimeoutMs = Number(env.DB_STATEMENT_TIMEOUT_MS);
    if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0) {
      problems.push(`DB_STATEMENT_TIMEOUT_MS 0 ya da daha büyük bir tam sayı (milisaniye) olmalı (şu an: "${env.DB_STATEMENT_TIMEOUT_MS}")`);
      statementTimeoutMs = 5000;
    }
  }
  const connectTimeoutMs = parseCount('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, 5000, 0, problems);
  const queryTimeoutMs = parseCount('DB_QUERY_TIMEOUT_MS', env.DB_QUERY_TIMEOUT_MS, statementTimeoutMs ? statementTimeoutMs + READ_TIMEOUT_GRACE_MS : 0, 0, problems);
  if (queryTimeoutMs > 0 && statementTimeoutMs > 0 && queryTimeoutMs <= statementTimeoutMs) {
    // Else a statement that is merely slow would count as a database that does not answer.
    problems.push(`DB_QUERY_TIMEOUT_MS 0 ya da DB_STATEMENT_TIMEOUT_MS'ten (${statementTimeoutMs}) büyük olmalı (şu an: "${queryTimeoutMs}")`);
  }
  const loginMaxFailures = parseIntInRange('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 25, 1, 1000, problems);
  const loginFailureWindowMinutes = parseIntInRange('LOGIN_FAILURE_WINDOW_MINUTES', env.LOGIN_FAILURE_WINDOW_MINUTES, 60, 1, 24 * 60, problems);
  // Up to 10 minutes: longer than any supervisor waits before its SIGKILL.
  const shutdownTimeoutMs = parseIntInRange('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 0, 600_000, problems);
  const ssrWaitMs = parseIntInRange('SSR_WAIT_MS', env.SSR_WAIT_MS, 500, 1, 60_000, problems);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const logLevel = (env.LOG_LEVEL ?? 'log') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL şunlardan biri olmalı: ${LOG_LEVELS.join(', ')}`);
  const logFormat = (env.LOG_FORMAT || (nodeEnv === 'production' ? 'json' : 'pretty')) as AppConfig['logFormat'];
  if (!LOG_FORMATS.includes(logFormat)) problems.push(`LOG_FORMAT şunlardan biri olmalı: ${LOG_FORMATS.join(', ')}`);
  const allowedOrigins = parseOrigins(env.ALLOWED_ORIGINS, problems);
  const socketMaxPerIp = parseIntInRange('SOCKET_MAX_PER_IP', env.SOCKET_MAX_PER_IP, 50, 1, 1_000_000, problems);
  const socketMaxPerUser = parseIntInRange('SOCKET_MAX_PER_USER', env.SOCKET_MAX_PER_USER, 20, 1, 1_000_000, problems);
  const socketMaxWatchedPerIp = parseIntInRange('SOCKET_MAX_WATCHED_PER_IP', env.SOCKET_MAX_WATCHED_PER_IP, 2_000, 1, 100_000_000, problems);
  const socketEventsPerSecond = parseIntInRange('SOCKET_EVENTS_PER_SECOND', env.SOCKET_EVENTS_PER_SECOND, 20, 1, 10_000, problems);

  const readRateLimitGuest = parseCount('READ_RATE_LIMIT_GUEST', env.READ_RATE_LIMIT_GUEST, 300, 0, problems);
  const readRateLimitMember = parseCount('READ_RATE_LIMIT_MEMBER', env.READ_RATE_LIMIT_MEMBER, 1500, 0, problems);
  const readRateLimitWindowMs = parseCount('READ_RATE_LIMIT_WINDOW_MS', env.READ_RATE_LIMIT_WINDOW_MS, 300_000, 1000, problems);
  const searchStatementTimeoutMs = parseCount('SEARCH_STATEMENT_TIMEOUT_MS', env.SEARCH_STATEMENT_TIMEOUT_MS, 2000, 0, problems);
  const metricsToken = env.METRICS_TOKEN || undefined;
  // It travels in a header, so it cannot hold spaces or control characters; short ones are guessable.
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN en az 16 karakter olmalı ve boşluk ya da denetim karakteri içermemeli');
  }

  const embeddedPgRuntimeDir = env.EMBEDDED_PG_RUNTIME_DIR || DEFAULT_EMBEDDED_PG_RUNTIME_DIR;
  if (!isAbsolute(embeddedPgRuntimeDir)) problems.push(`EMBEDDED_PG_RUNTIME_DIR mutlak bir yol olmalı (şu an: "${embeddedPgRuntimeDir}")`);

  const dataDir = resolve(cwd, env.DATA_DIR || '.data');
  const media = parseMedia(env, dataDir, problems);

  if (problems.length) throw new ConfigError(problems);

  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    trustProxy,
    databaseUrl,
    replicas,
    redisUrl,
    redisPrefix,
    dataDir,
    embeddedPgRuntimeDir,
    jwtSecret: env.JWT_SECRET ?? '',
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    appUrl: appUrl.replace(/\/+$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'gündem <no-reply@gundem.local>',
    seedDemo,
    rateLimitEnabled,
    notificationsEnabled,
    loginMaxFailures,
    loginFailureWindowMs: loginFailureWindowMinutes * 60_000,
    statementTimeoutMs,
    connectTimeoutMs,
    queryTimeoutMs,
    shutdownTimeoutMs,
    ssrWaitMs,
    frontendDist: env.FRONTEND_DIST ? resolve(cwd, env.FRONTEND_DIST) : undefined,
    logLevel,
    logFormat,
    readRateLimitGuest,
    readRateLimitMember,
    readRateLimitWindowMs,
    searchStatementTimeoutMs,
    allowedOrigins,
    socketMaxPerIp,
    socketMaxPerUser,
    socketMaxWatchedPerIp,
    socketEventsPerSecond,
    metricsToken,
    media,
  };
}

const MEDIA_STORAGES = ['fs', 's3'] as const;

/**
 * MEDIA_STORAGE and, for `s3`, the MEDIA_S3_* variables. A secret's value is never echoed in a
 * problem (the log of a failed boot is often shared).
 */
function parseMedia(env: NodeJS.ProcessEnv, dataDir: string, problems: string[]): MediaConfig {
  const storage = (env.MEDIA_STORAGE || 'fs') as MediaConfig['storage'];
  if (!MEDIA_STORAGES.includes(storage)) {
    problems.push(`MEDIA_STORAGE şunlardan biri olmalı: ${MEDIA_STORAGES.join(', ')} (şu an: "${env.MEDIA_STORAGE}")`);
  }
  // A path of this site (`/media`, or another a proxy routes) or an http(s) address (a CDN).
  const rawPublicUrl = env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  let explicitPublicUrl: string | undefined;
  if (rawPublicUrl?.startsWith('/')) {
    if (/^\/[A-Za-z0-9/_.-]+$/.test(rawPublicUrl) && !rawPublicUrl.split('/').includes('..')) explicitPublicUrl = rawPublicUrl;
    else problems.push(`MEDIA_PUBLIC_URL /media gibi bir yol ya da http(s) adresi olmalı (şu an: "${env.MEDIA_PUBLIC_URL}")`);
  } else {
    explicitPublicUrl = parseUrl('MEDIA_PUBLIC_URL', rawPublicUrl, ['http:', 'https:'], problems)?.replace(/\/+$/, '');
  }
  const dir = env.MEDIA_DIR || join(dataDir, 'media');
  if (!isAbsolute(dir)) problems.push(`MEDIA_DIR mutlak bir yol olmalı (şu an: "${dir}")`);
  if (storage !== 's3') return { storage: 'fs', publicUrl: explicitPublicUrl ?? '/media', dir };

  const missing = ['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) problems.push(`MEDIA_STORAGE=s3 iken şunlar zorunludur: ${missing.join(', ')}`);
  const endpoint = parseUrl('MEDIA_S3_ENDPOINT', env.MEDIA_S3_ENDPOINT, ['http:', 'https:'], problems)?.replace(/\/+$/, '');
  const region = env.MEDIA_S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) problems.push(`MEDIA_S3_REGION küçük harf, rakam ve - karakterinden oluşmalı (şu an: "${region}")`);
  const bucket = env.MEDIA_S3_BUCKET ?? '';
  // S3's rules for a bucket name; a wrong one would only fail at the first upload.
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`MEDIA_S3_BUCKET 3–63 küçük harf, rakam, . ya da - karakteri olmalı (şu an: "${bucket}")`);
  }
  const forcePathStyle = parseBool('MEDIA_S3_FORCE_PATH_STYLE', env.MEDIA_S3_FORCE_PATH_STYLE, problems) ?? Boolean(endpoint);
  const prefix = (env.MEDIA_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && (!/^[A-Za-z0-9_./-]{1,200}$/.test(prefix) || prefix.split('/').some((part) => part === '' || part === '.' || part === '..'))) {
    problems.push(`MEDIA_S3_PREFIX en fazla 200 harf, rakam ya da _ . - / karakteri olmalı, boş, . ya da .. parça içermemeli (şu an: "${env.MEDIA_S3_PREFIX}")`);
  }
  const acl = env.MEDIA_S3_ACL || undefined;
  if (acl !== undefined && acl !== 'public-read') problems.push(`MEDIA_S3_ACL boş ya da public-read olmalı (şu an: "${acl}")`);

  const bucketUrl = endpoint
    ? forcePathStyle
      ? `${endpoint}/${bucket}`
      : endpoint.replace('://', `://${bucket}.`)
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  const publicUrl = explicitPublicUrl ?? (prefix ? `${bucketUrl}/${prefix}` : bucketUrl);
  return {
    storage,
    publicUrl,
    dir,
    s3: {
      endpoint,
      region,
      bucket,
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle,
      prefix,
      publicUrl,
      acl: acl === 'public-read' ? acl : undefined,
    },
  };
}

/** Generates the signing key once into DATA_DIR so tokens survive restarts on a developer machine. */
export function resolveJwtSecret(config: AppConfig): AppConfig {
  if (config.jwtSecret) return config;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return { ...config, jwtSecret: readFileSync(file, 'utf8').trim() };
}

/** A whole number of at least `min`, or `fallback` when unset. */
function parseCount(name: string, raw: string | undefined, fallback: number, min: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isSafeInteger(value) && value >= min) return value;
  problems.push(`${name} ${min} ya da daha büyük bir tam sayı olmalı (şu an: "${raw}")`);
  return fallback;
}
