import type { ErrorBody as WireErrorBody } from '@gundem/contract';
import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable, pgErrorCode } from '../../database/query-rows';
import { DATABASE_UNAVAILABLE, FORBIDDEN, RATE_LIMITED, SERVER_BUSY } from '../common.texts';
import { HTTP_TEXTS } from '../http/http.texts';
import { type EnglishLookup, requestLanguage } from '../i18n/language';

/**
 * Seconds a client is asked to wait before trying again (Retry-After) when the database is
 * away: a restart or failover takes seconds, and a client hammering meanwhile only slows it.
 */
export const DATABASE_RETRY_AFTER_S = 5;
/** One warning per this many ms while the database stays away, not one per request. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** Turkish texts for statuses whose exception carries no Turkish message of its own. */
const DEFAULT_MESSAGES: Record<number, string> = {
  400: HTTP_TEXTS.badRequest,
  401: 'Oturum açmanız gerekiyor.',
  403: FORBIDDEN,
  404: HTTP_TEXTS.notFound,
  405: HTTP_TEXTS.methodNotAllowed,
  409: 'Bu kayıt zaten var.',
  413: 'İstek gövdesi çok büyük.',
  415: 'Desteklenmeyen içerik türü.',
  429: RATE_LIMITED,
  500: 'Sunucuda beklenmeyen bir hata oluştu.',
  503: 'Hizmet şu anda kullanılamıyor.',
};

/** Messages that Nest, Express or body-parser produce in English: never shown to a user. */
function isFrameworkMessage(message: string): boolean {
  return /^(Cannot [A-Z-]+ \/|Unauthorized$|Forbidden( resource)?$|Not Found$|Bad Request$|Internal server error$|Too Many Requests|ThrottlerException|Service Unavailable|Unexpected token|Payload Too Large|request entity too large|Conflict$|Validation failed)/i.test(
    message,
  );
}

/** body-parser errors arrive as plain errors with a `status` and a `type`. */
interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  /** zlib's, when the body did not decompress: `Z_DATA_ERROR`, `Z_BUF_ERROR` (cut short), `ERR__ERROR_…` (brotli), `ZSTD_…`. */
  code?: unknown;
  errno?: unknown;
}

/** body-parser passes zlib's own error on (status 400, no `type`) when a gzip/deflate/br body does not decompress. */
function isDecompressionError(err: BodyParserError): boolean {
  return typeof err.errno === 'number' && typeof err.code === 'string' && /^(Z_|ERR__ERROR|ZSTD_)/.test(err.code);
}

function fromExpressError(err: BodyParserError & { message?: string }, status: number) {
  if (err.type === 'entity.parse.failed' || err instanceof SyntaxError) return { statusCode: 400, message: 'İstek gövdesi geçerli bir JSON değil.' };
  if (isDecompressionError(err)) return { statusCode: 400, message: HTTP_TEXTS.badBodyEncoding };
  if (err.type === 'encoding.unsupported') return { statusCode: 415, message: HTTP_TEXTS.unsupportedBodyEncoding };
  if (err instanceof URIError) return { statusCode: 400, message: 'Adres geçersiz karakterler içeriyor.' };
  if (err.type === 'entity.too.large' || status === 413) return { statusCode: 413, message: DEFAULT_MESSAGES[413] };
  return { statusCode: status, message: DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400] };
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  extra?: Record<string, unknown>;
  /** Seconds for a Retry-After header. */
  retryAfter?: number;
}

export function toErrorBody(exception: unknown): ErrorBody {
  // The database is down, restarting or full: a passing state, not the client's fault nor a
  // sign that the session is over (before, the session check turned it into a 401 and the SPA
  // dropped the token); the client keeps its token and tries again.
  if (isDatabaseUnavailable(exception)) {
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE, retryAfter: DATABASE_RETRY_AFTER_S };
  }
  // statement_timeout (query_canceled): the database gave up on a statement that ran too long,
  // a load problem and not the client's fault nor a bug; the client may try again.
  if (pgErrorCode(exception) === '57014') return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: SERVER_BUSY };
  // Nest wraps body-parser and Express errors (bad JSON, too large) in HttpExceptions whose
  // message is English; the cause tells what happened.
  if (exception instanceof HttpException && exception.cause instanceof Error) {
    const cause = exception.cause as BodyParserError;
    if (cause.type || exception.cause instanceof SyntaxError || exception.cause instanceof URIError || isDecompressionError(cause)) {
      return fromExpressError(cause, exception.getStatus());
    }
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    let message: string | undefined;
    let extra: Record<string, unknown> | undefined;
    if (typeof response === 'string') message = response;
    else if (response && typeof response === 'object') {
      const raw = (response as { message?: unknown }).message;
      if (typeof raw === 'string') message = raw;
      else if (Array.isArray(raw) && typeof raw[0] === 'string') message = raw[0];
      // @nestjs/terminus puts its report in the body; keep `status` and `details` so a failed
      // health check still tells which part is down.
      const { status, details } = response as { status?: unknown; details?: unknown };
      if (typeof status === 'string') extra = { status, ...(details && typeof details === 'object' ? { details } : {}) };
      // A refusal's own fields beside its message (a suspended login's `suspendedUntil`).
      const fields = (response as { extra?: unknown }).extra;
      if (fields && typeof fields === 'object' && !Array.isArray(fields)) extra = { ...fields, ...extra };
    }
    if (!message || isFrameworkMessage(message)) message = DEFAULT_MESSAGES[statusCode] ?? DEFAULT_MESSAGES[400];
    return { statusCode, message, extra };
  }
  const err = exception as BodyParserError;
  const status = err?.status ?? err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return fromExpressError(err, status);
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: DEFAULT_MESSAGES[500] };
}

/**
 * Every error leaves as `{ message, statusCode }` with one Turkish sentence, or its English twin
 * when the request's Accept-Language prefers English and `english` (the app's lookup,
 * i18n/english.ts) knows it (docs/wire-contract.md#errors).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private lastOutageLog = 0;

  constructor(private readonly english?: EnglishLookup) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Response>();
    const { statusCode, message, extra, retryAfter } = toErrorBody(exception);
    if (statusCode >= 500 && statusCode !== 503) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (retryAfter && isDatabaseUnavailable(exception)) this.logOutage(exception);
    if (res.headersSent) return;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    const body: WireErrorBody = { ...extra, message: this.inRequestLanguage(message, host), statusCode };
    res.status(statusCode).json(body);
  }

  /** The message in the request's language: the English twin when it prefers English and one exists. */
  private inRequestLanguage(message: string, host: ArgumentsHost): string {
    if (!this.english) return message;
    const req = host.switchToHttp().getRequest<Request | undefined>();
    if (requestLanguage(req?.headers?.['accept-language']) !== 'en') return message;
    return this.english(message) ?? message;
  }

  /** Operators learn of the outage from the log, once per interval rather than once per request. */
  private logOutage(exception: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    const reason = exception instanceof Error ? exception.message : String(exception);
    this.logger.warn(`Veritabanına ulaşılamıyor (${reason}); istekler 503 ile yanıtlanıyor.`);
  }
}
