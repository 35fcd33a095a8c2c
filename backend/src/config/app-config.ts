import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every setting the server reads, validated once at boot. Nothing else reads process.env. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Unset means: start the embedded PostgreSQL in DATA_DIR/postgres. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Namespace of this deployment's Redis channels (REDIS_PREFIX), so two installs can share one Redis. */
  redisPrefix: string;
  dataDir: string;
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
   * DB_STATEMENT_TIMEOUT_MS (default 5000; 0 turns it off): the longest any one SQL statement of
   * a request may run before PostgreSQL cancels it and the client gets a 503.
   */
  statementTimeoutMs: number;
  /** Built SPA to serve at /; unset or missing serves the API only. */
  frontendDist?: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Geçersiz yapılandırma:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

function parseBool(name: string, raw: string | undefined, problems: string[]): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  problems.push(`${name} true ya da false olmalı (şu an: "${raw}")`);
  return undefined;
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
  const redisUrl = parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems);
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
  let statementTimeoutMs = 5000;
  if (env.DB_STATEMENT_TIMEOUT_MS !== undefined && env.DB_STATEMENT_TIMEOUT_MS !== '') {
    statementTimeoutMs = Number(env.DB_STATEMENT_TIMEOUT_MS);
    if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0) {
      problems.push(`DB_STATEMENT_TIMEOUT_MS 0 ya da daha büyük bir tam sayı (milisaniye) olmalı (şu an: "${env.DB_STATEMENT_TIMEOUT_MS}")`);
      statementTimeoutMs = 5000;
    }
  }
  const logLevel = (env.LOG_LEVEL ?? 'log') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL şunlardan biri olmalı: ${LOG_LEVELS.join(', ')}`);

  if (problems.length) throw new ConfigError(problems);

  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    redisUrl,
    redisPrefix,
    dataDir: resolve(cwd, env.DATA_DIR || '.data'),
    jwtSecret: env.JWT_SECRET ?? '',
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    appUrl: appUrl.replace(/\/+$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'gündem <no-reply@gundem.local>',
    seedDemo,
    rateLimitEnabled,
    statementTimeoutMs,
    frontendDist: env.FRONTEND_DIST ? resolve(cwd, env.FRONTEND_DIST) : undefined,
    logLevel,
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
