import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type HttpLogger, type Options, pinoHttp, startTime } from 'pino-http';
import type { RequestUser } from '../request-user';
import { safeUrl, scrubSecrets, serializeError } from './redact';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is a sane token: it ends up in every line of the request. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Load balancers' and Prometheus' polls: logged at debug so they do not flood the info log. */
const POLL_PATH = /^\/(api\/)?(health|metrics)([/?]|$)/;

type Req = IncomingMessage & { originalUrl?: string; route?: { path?: unknown }; user?: RequestUser };

/**
 * The request's id: the caller's `X-Request-Id` when it is a sane token (a proxy or client that
 * traces its own requests), else a fresh UUID. Echoed on the answer, whatever the answer is.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

function urlOf(req: Req): string {
  return safeUrl(req.originalUrl ?? req.url ?? '');
}

/** The access line's fields (flat, for jq and log collectors); the id comes from the bound `reqId`. */
function accessFields(req: Req, res: ServerResponse, responseTime: unknown) {
  const route = typeof req.route?.path === 'string' ? req.route.path : undefined;
  return { method: req.method, url: urlOf(req), route, statusCode: res.statusCode, responseTime, userId: req.user?.id };
}

function accessMessage(req: Req, res: ServerResponse, responseTime: number): string {
  const cut = res.writableEnded ? '' : ' (yanıt bitmeden bağlantı kapandı)';
  return scrubSecrets(`${req.method} ${urlOf(req)} ${res.statusCode} ${responseTime} ms${cut}`);
}

/**
 * pino-http's options over `logger`: one access line per request when the answer is done, and
 * `req.log` (which nestjs-pino binds for the request's services) carrying only `reqId`.
 */
export function httpLoggerOptions(logger: Logger): Options<Req, ServerResponse> {
  return {
    logger,
    genReqId: requestId,
    // Lines written during the request carry `reqId`, not the whole request object.
    quietReqLogger: true,
    quietResLogger: true,
    serializers: { err: serializeError },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      return POLL_PATH.test(req.url ?? '') ? 'debug' : 'info';
    },
    customSuccessMessage: accessMessage,
    customSuccessObject: (req, res, value) => accessFields(req, res, value.responseTime),
    customErrorMessage: (req, res) => accessMessage(req, res, Date.now() - res[startTime]),
    // A 5xx's cause is logged with its stack by the exceptions filter under the same reqId;
    // pino-http's stand-in ("failed with status code 500") would only add its own stack.
    customErrorObject: (req, res, error, value) => ({
      ...accessFields(req, res, value.responseTime),
      ...(error.message === `failed with status code ${res.statusCode}` ? {} : { err: error }),
    }),
  };
}

/** The middleware mounted first (app.factory.ts): every answer gets an id and an access line. */
export function createHttpLogger(logger: Logger): HttpLogger<Req, ServerResponse> {
  return pinoHttp(httpLoggerOptions(logger));
}
