import { Logger as NestLogger } from '@nestjs/common';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import { type DestinationStream, type Logger, type LogFn, pino } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { httpLoggerOptions } from './http-logger';
import { INFO_LEVEL, isFrameworkChatter, pinoLevel } from './log-levels';
import { CENSOR, REDACT_PATHS, scrubSecrets, serializeError } from './redact';

export interface RootLoggerOptions {
  /** Where the lines go; stdout unless set. */
  destination?: DestinationStream;
  /** Writes nothing (tests that do not read the log). */
  silent?: boolean;
}

/**
 * The process's one pino logger (LOG_LEVEL, LOG_FORMAT): JSON lines, or pino-pretty's lines for
 * a person. Secrets are kept out three ways: `redact` for fields of logged objects (headers,
 * passwords, tokens), a scrubber over every string message and top-level string field
 * (connection-URL passwords, Bearer credentials, JWTs), and the request serializer that logs
 * URLs without secret query values (http-logger.ts). Nest's start-up chatter (every mapped route,
 * every loaded module) is written at debug, not at Nest's `log` (log-levels.ts).
 */
export async function createRootLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, options: RootLoggerOptions = {}): Promise<Logger> {
  const json = config.logFormat === 'json';
  // JSON (production): written asynchronously, the lines that arrive during a write going out
  // together in the next one rather than one write(2) each on the request's path; pino flushes
  // what is pending on `process.exit`. Pretty (a terminal): at once, in order with the banner's
  // console.log.
  const destination = options.destination ?? pino.destination({ dest: 1, sync: !json });
  const stream = json ? destination : await prettyStream(destination, !options.destination);
  return pino(
    {
      level: options.silent ? 'silent' : pinoLevel(config.logLevel),
      timestamp: pino.stdTimeFunctions.isoTime,
      // `"level":"warn"` rather than 40 for whoever greps the JSON; pino-pretty reads the numbers.
      formatters: {
        ...(json ? { level: (label: string) => ({ level: label }) } : {}),
        // A copy: the caller's object is theirs.
        log: (object: Record<string, unknown>) => {
          const scrubbed: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(object)) scrubbed[key] = typeof value === 'string' ? scrubSecrets(value) : value;
          return scrubbed;
        },
      },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      serializers: { err: serializeError },
      hooks: {
        logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
          // Nest's route mapping and module loading: debug lines (log-levels.ts, FRAMEWORK_CHATTER).
          if (level === INFO_LEVEL && isFrameworkChatter(args)) {
            this.debug(...args);
            return;
          }
          const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)) as Parameters<LogFn>;
          method.apply(this, scrubbed);
        },
      },
    },
    stream,
  );
}

/**
 * pino-pretty as a synchronous formatter in front of `destination`. Its stream form formats in a
 * pipeline a tick later: a line written just before `process.exit` (a failed start) would be lost
 * and the lines would interleave with the banner's console.log. Loaded only when used: a JSON
 * log (production) never loads pino-pretty.
 */
async function prettyStream(destination: DestinationStream, terminal: boolean): Promise<DestinationStream> {
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory({
    // Colours on a terminal only (pino-pretty's own check); a captured stream gets plain text.
    ...(terminal ? {} : { colorize: false }),
    translateTime: 'SYS:HH:MM:ss.l',
    // The access line's fields are in its message already; what is left (reqId, userId…) follows it.
    ignore: 'pid,hostname,context,method,url,route,statusCode,responseTime',
    messageFormat: '{if context}[{context}] {end}{msg}',
    singleLine: true,
  });
  return { write: (line: string) => destination.write(prettify(line)) };
}

/**
 * Sends Nest's `Logger` (every `new Logger('Context')` of the app) through `root` from now on,
 * through nestjs-pino: inside a request a line carries the request's id. main.ts calls this
 * before the app exists, so the boot lines (embedded PostgreSQL, migrations) are alike.
 */
export function useRootLogger(root: Logger): void {
  NestLogger.overrideLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: httpLoggerOptions(root) }), {}));
}
