import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { httpLoggerOptions } from './http-logger';

/** The app's pino logger itself, for the few who write around Nest's Logger (the start banner). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * nestjs-pino over the logger app.factory.ts built. `useExisting`: the pino-http middleware is
 * mounted by app.factory.ts in front of everything (the SPA and Express' own 404s are outside
 * Nest's routes), so nestjs-pino only binds that request's `req.log` for the services; a
 * `Logger` call made while serving the request then carries its `reqId`.
 *
 * nestjs-pino keeps one root logger per process (its rootLogger.ts), for lines written outside
 * any request: the first app's. Production runs one app per process; a test file that reads the
 * log builds its app with the capturing destination before any other app in that file.
 */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      imports: [LoggerModule.forRoot({ pinoHttp: httpLoggerOptions(logger), useExisting: true })],
      providers: [{ provide: ROOT_LOGGER, useValue: logger }],
      exports: [ROOT_LOGGER],
    };
  }
}
