import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { hardenHttp } from './common/http/harden-http';
import { compileTrust } from './common/net/client-address';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { serveSpa } from './common/spa/serve-spa';
import type { AppConfig } from './config/app-config';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds the configured (not yet listening) application; main.ts and the tests share it. */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const logger =
    options.logger === false
      ? false
      : new ConsoleLogger({
          json: config.nodeEnv === 'production',
          logLevels: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
        });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { logger, bufferLogs: false });
  app.setGlobalPrefix('api', { exclude: [] });
  app.useGlobalPipes(createValidationPipe());
  // X-Forwarded-For only from the proxies TRUST_PROXY names (none by default): req.ip, and every
  // per-address budget keyed on it, is the real client's and cannot be rotated by the client.
  app.set('trust proxy', compileTrust(config.trustProxy));
  app.disable('x-powered-by');
  // Security headers, no-store on private API answers, JSON for requests Node's parser refuses.
  hardenHttp(app);
  // The SPA at /, in front of the routes but never on the API's paths (see serveSpa).
  serveSpa(app, config.frontendDist);
  // Socket.IO on this HTTP server; across nodes through Redis when REDIS_URL is set.
  const sockets = new RealtimeIoAdapter(app, config);
  await sockets.connect();
  app.useWebSocketAdapter(sockets);

  const document = () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('gündem API')
        .setDescription('Türkçe kısa gönderi sosyal ağı gündem için REST API. Hatalar { message, statusCode } biçimindedir.')
        .setVersion('1.0.0')
        .addBearerAuth()
        .build(),
    );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  return app;
}
