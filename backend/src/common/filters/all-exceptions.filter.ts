import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { SERVER_BUSY } from '../../database/heavy-queries';
import { pgErrorCode } from '../../database/query-rows';

/** Turkish texts for statuses whose exception carries no Turkish message of its own. */
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Geçersiz istek.',
  401: 'Oturum açmanız gerekiyor.',
  403: 'Bu işlem için yetkiniz yok.',
  404: 'İstenen kaynak bulunamadı.',
  405: 'Bu yöntem desteklenmiyor.',
  409: 'Bu kayıt zaten var.',
  413: 'İstek gövdesi çok büyük.',
  415: 'Desteklenmeyen içerik türü.',
  429: 'Çok fazla istek gönderdiniz. Lütfen biraz sonra tekrar deneyin.',
  500: 'Sunucuda beklenmeyen bir hata oluştu.',
  503: 'Hizmet şu anda kullanılamıyor.',
};

/** Messages that Nest, Express or body-parser produce in English: never shown to a user. */
function isFrameworkMessage(message: string): boolean {
  return /^(Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) |Unauthorized$|Forbidden( resource)?$|Not Found$|Bad Request$|Internal server error$|Too Many Requests|ThrottlerException|Service Unavailable|Unexpected token|Payload Too Large|request entity too large|Conflict$)/i.test(
    message,
  );
}

/** body-parser errors arrive as plain errors with a `status` and a `type`. */
interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
}

function fromExpressError(err: BodyParserError & { message?: string }, status: number) {
  if (err.type === 'entity.parse.failed' || err instanceof SyntaxError) return { statusCode: 400, message: 'İstek gövdesi geçerli bir JSON değil.' };
  if (err instanceof URIError) return { statusCode: 400, message: 'Adres geçersiz karakterler içeriyor.' };
  if (err.type === 'entity.too.large' || status === 413) return { statusCode: 413, message: DEFAULT_MESSAGES[413] };
  return { statusCode: status, message: DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400] };
}

export function toErrorBody(exception: unknown): { statusCode: number; message: string; extra?: Record<string, unknown> } {
  // statement_timeout (query_canceled): the database gave up on a statement that ran too long,
  // a load problem and not the client's fault nor a bug; the client may try again.
  if (pgErrorCode(exception) === '57014') return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: SERVER_BUSY };
  // Nest wraps body-parser and Express errors (bad JSON, too large) in HttpExceptions whose
  // message is English; the cause tells what happened.
  if (exception instanceof HttpException && exception.cause instanceof Error) {
    const cause = exception.cause as BodyParserError;
    if (cause.type || exception.cause instanceof SyntaxError || exception.cause instanceof URIError) {
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
      // @nestjs/terminus puts its report in the body; keep `status` so health checks stay readable.
      const status = (response as { status?: unknown }).status;
      if (typeof status === 'string') extra = { status };
    }
    if (!message || isFrameworkMessage(message)) message = DEFAULT_MESSAGES[statusCode] ?? DEFAULT_MESSAGES[400];
    return { statusCode, message, extra };
  }
  const err = exception as BodyParserError;
  const status = err?.status ?? err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return fromExpressError(err, status);
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: DEFAULT_MESSAGES[500] };
}

/** Every error leaves as `{ message, statusCode }` with one Turkish sentence (CONTRACT.md). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Response>();
    const { statusCode, message, extra } = toErrorBody(exception);
    if (statusCode >= 500 && statusCode !== 503) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (res.headersSent) return;
    res.status(statusCode).json({ ...extra, message, statusCode });
  }
}
