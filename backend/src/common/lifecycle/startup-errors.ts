import { accessSync, constants, mkdirSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { ConfigError } from '../../config/app-config';
import { EmbeddedPostgresError } from '../../database/embedded-postgres';

/**
 * Every way the server or a CLI can fail to start, said as ONE Turkish sentence and its fix
 * (docs/architecture.md, "Başlatma hataları"). main.ts and the CLIs print it instead of a stack
 * trace; the stack is printed too only with LOG_LEVEL=debug or verbose.
 */
export interface StartupProblem {
  sentence: string;
  fix: string;
}

/** What the caller knew when it failed; only used to word the sentence. */
export interface StartupContext {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
}

type SystemError = Error & { code?: string; syscall?: string; path?: string; address?: string; port?: number; hostname?: string; errors?: unknown[] };

const FS_REASONS: Record<string, string> = {
  EACCES: 'izin yok',
  EPERM: 'izin yok',
  EROFS: 'dosya sistemi salt okunur',
  ENOSPC: 'diskte yer yok',
  EDQUOT: 'disk kotası doldu',
  ENOTDIR: 'yolun bir parçası klasör değil',
  EEXIST: 'aynı adda bir dosya var',
};

const DATABASE_FIX = "PostgreSQL'in çalıştığını ve DATABASE_URL'i denetleyin; DATABASE_URL'i kaldırırsanız gündem kendi gömülü PostgreSQL'ini başlatır.";

/** Host, port, user and database of a postgres:// URL, never its password. */
function describeUrl(url: string | undefined): { host: string; port: string; user: string; database: string } | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return {
      host: u.hostname || 'localhost',
      port: u.port || (u.protocol.startsWith('redis') ? '6379' : '5432'),
      user: decodeURIComponent(u.username),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    };
  } catch {
    return undefined;
  }
}

const inside = (path: string, dir: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The first error that carries a system or PostgreSQL code: pg wraps some in AggregateError (IPv4 and IPv6 tried). */
function codeOf(error: SystemError): string | undefined {
  if (error.code) return error.code;
  const first = error.errors?.[0] as SystemError | undefined;
  return first?.code;
}

export function describeStartupError(error: unknown, context: StartupContext = {}): StartupProblem {
  if (error instanceof ConfigError) {
    return { sentence: error.message, fix: 'Yukarıdaki ortam değişkenlerini düzeltip yeniden başlatın (README, Yapılandırma tablosu).' };
  }
  if (error instanceof EmbeddedPostgresError) return { sentence: error.message, fix: error.fix };
  const e = (error instanceof Error ? error : new Error(String(error))) as SystemError;
  const code = codeOf(e);
  const db = describeUrl(context.databaseUrl);
  const redis = describeUrl(context.redisUrl);
  const address = `${context.host ?? '0.0.0.0'}:${context.port ?? e.port ?? '?'}`;

  if (e.syscall === 'listen' || code === 'EADDRINUSE') {
    if (code === 'EADDRINUSE') {
      return { sentence: `${address} adresi kullanımda: bu portu başka bir süreç dinliyor.`, fix: "O süreci durdurun ya da PORT ile boş bir port seçin (ör. PORT=3001 npm start)." };
    }
    if (code === 'EACCES') return { sentence: `${address} adresini dinleme izni yok.`, fix: '1024 ve üstü bir port seçin (PORT).' };
    if (code === 'EADDRNOTAVAIL') {
      return { sentence: `HOST=${context.host} bu makinenin adreslerinden biri değil.`, fix: 'HOST değişkenini 0.0.0.0, 127.0.0.1 ya da makinenin bir adresi yapın.' };
    }
  }

  if (code && code in FS_REASONS && e.path && context.dataDir && (inside(e.path, context.dataDir) || inside(context.dataDir, e.path))) {
    return {
      sentence: `Veri klasörüne yazılamıyor: ${context.dataDir} (${FS_REASONS[code]}).`,
      fix: "DATA_DIR'ı bu kullanıcının yazabileceği bir klasöre ayarlayın ya da klasörün sahibini ve izinlerini düzeltin.",
    };
  }

  // pg's errors: system codes for the connection, SQLSTATE codes from the server.
  const target = e.port !== undefined ? String(e.port) : undefined;
  const isRedis = redis && target === redis.port && (!db || db.port !== redis.port);
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    const why = code === 'ECONNREFUSED' ? 'bağlantıyı reddetti' : 'yanıt vermedi';
    if (isRedis) return { sentence: `Redis'e bağlanılamadı: ${redis.host}:${redis.port} ${why}.`, fix: "Redis'in çalıştığını ve REDIS_URL'i denetleyin ya da REDIS_URL'i kaldırın." };
    const where = db ? `${db.host}:${db.port}` : `${e.address ?? '?'}:${e.port ?? '?'}`;
    return { sentence: `Veritabanına bağlanılamadı: ${where} ${why}.`, fix: DATABASE_FIX };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { sentence: `Veritabanı sunucusunun adı çözülemedi: ${e.hostname ?? db?.host ?? '?'}.`, fix: "DATABASE_URL'deki sunucu adını düzeltin." };
  }
  if (code === '28P01' || code === '28000') {
    return {
      sentence: `Veritabanı, ${db?.user || 'verilen'} kullanıcısının girişini kabul etmedi (${code === '28P01' ? 'şifre yanlış' : 'bu bağlantıya izin yok'}).`,
      fix: "DATABASE_URL'deki kullanıcı adını ve şifreyi düzeltin (pg_hba.conf bu adrese izin vermeli).",
    };
  }
  if (code === '3D000') {
    const name = db?.database || '?';
    return { sentence: `Veritabanı yok: ${name}.`, fix: `Oluşturun (createdb ${name}) ya da DATABASE_URL'de var olan bir veritabanının adını verin.` };
  }
  if (/timeout|Connection terminated/i.test(e.message) && !isRedis) {
    return { sentence: `Veritabanına bağlanılamadı: ${db ? `${db.host}:${db.port}` : 'sunucu'} zamanında yanıt vermedi.`, fix: DATABASE_FIX };
  }
  return { sentence: `Beklenmeyen bir hata: ${e.message.split('\n')[0] || e.name}.`, fix: 'Ayrıntı (yığın izi) için LOG_LEVEL=debug ile yeniden başlatın.' };
}

/** The lines printed for a failed start: the sentence, the fix, and with `debug` the stack. */
export function formatStartupError(error: unknown, context: StartupContext = {}, debug = false): string {
  const problem = describeStartupError(error, context);
  const lines = [`gündem başlatılamadı: ${problem.sentence}`, `Çözüm: ${problem.fix}`];
  if (debug && error instanceof Error && error.stack) lines.push(error.stack);
  return lines.join('\n');
}

/**
 * Creates DATA_DIR if missing and checks that this user may write there, before anything is
 * written into it, so the failure names the folder rather than whichever file came first.
 */
export function ensureWritableDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  accessSync(dataDir, constants.W_OK | constants.X_OK);
}
