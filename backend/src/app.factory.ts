import { EXPLORE_SUGGESTIONS_LIMIT, EXPLORE_TRENDS_LIMIT } from '@gundem/contract';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { DestinationStream, Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { compressApi } from './common/http/compress-api';
import { hardenHttp } from './common/http/harden-http';
import { createHttpLogger } from './common/logging/http-logger';
import { createRootLogger } from './common/logging/root-logger';
import { compileTrust } from './common/net/client-address';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { DEFAULT_PAGE_SIZE } from './common/pagination/page-query.dto';
import { loadGuestHomeRender, loadMemberHomeRender } from './common/spa/home-page';
import { loadGuestPages } from './common/spa/guest-pages';
import { serveSpa } from './common/spa/serve-spa';
import { AuthService } from './auth/auth.service';
import { HOME_COOKIE, HomeSessionService } from './auth/home-session';
import type { AppConfig } from './config/app-config';
import { readScopeMiddleware } from './database/read-replicas.module';
import { FsMediaStorage } from './media/storage/fs-media-storage';
import { MediaStorage } from './media/storage/media-storage';
import { RankedFeedService } from './posts/ranked-feed.service';
import { TrendingService } from './trending/trending.service';
import { ReadBudget } from './settings/read-budget';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';

export interface CreateAppOptions {
  /**
   * The pino logger to write through (main.ts builds it before the app, for the boot lines);
   * `false` writes nothing. Unset: one built from LOG_LEVEL/LOG_FORMAT on `logDestination`.
   */
  logger?: false | PinoLogger;
  /** Where that logger writes; stdout unless set (tests capture the lines here). */
  logDestination?: DestinationStream;
}

/** The origin of an absolute MEDIA_PUBLIC_URL (a path is this origin: `'self'` covers it). */
function mediaOrigins(publicUrl: string): string[] {
  return /^https?:\/\//.test(publicUrl) ? [new URL(publicUrl).origin] : [];
}

/** Builds the configured (not yet listening) application; main.ts and the tests share it. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const root =
    options.logger === false || options.logger === undefined
      ? await createRootLogger(config, { destination: options.logDestination, silent: options.logger === false })
      : options.logger;
  // Nest's own lines of the build are held until its Logger goes through pino (useLogger).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, root), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // First of all middleware: every answer (API, SPA, health, Express' 404s) gets X-Request-Id and
  // one access line, and nestjs-pino binds the request's logger for the services (LoggingModule).
  app.use(createHttpLogger(root));
  // Which reads of this request may go to a read replica (database/read-replicas.ts): before the
  // SPA's server-rendered `/` and the API alike.
  app.use(readScopeMiddleware(config, HOME_COOKIE));
  app.setGlobalPrefix('api', { exclude: [] });
  app.useGlobalPipes(createValidationPipe());
  // X-Forwarded-For only from the proxies TRUST_PROXY names (none by default): req.ip, and every
  // per-address budget keyed on it, is the real client's and cannot be rotated by the client.
  app.set('trust proxy', compileTrust(config.trustProxy));
  app.disable('x-powered-by');
  // Security headers, no-store on private API answers, JSON for requests Node's parser refuses.
  // POST /api/media is the one multipart route; a MEDIA_PUBLIC_URL on another origin joins img-src.
  hardenHttp(app, { uploads: ['/api/media', '/api/users/me/avatar', '/api/users/me/header'], imgSrc: mediaOrigins(config.media.publicUrl) });
  // The FS driver's files at /media (immutable, content-addressed; media/fs-media-storage.ts).
  const mediaStorage = app.get(MediaStorage);
  if (mediaStorage instanceof FsMediaStorage) app.use('/media', mediaStorage.serve());
  // A storage that cannot be written (a read-only folder, a wrong bucket or key) is said at boot,
  // not at a member's first upload; the node still serves everything else. Not awaited: an S3
  // store that does not answer would hold the boot for its timeouts and retries (up to ~30 s).
  void mediaStorage.check().catch((error: unknown) =>
    root.warn(`Görsel deposu kullanılamıyor (MEDIA_STORAGE=${config.media.storage}): ${error instanceof Error ? error.message : String(error)}`),
  );
  // Brotli/gzip for API answers above 1 KB; the SPA's files come precompressed (serveSpa).
  compressApi(app);
  // The SPA at /, in front of the routes but never on the API's paths (see serveSpa).
  // `/` carries the timeline's first page, the app's first request there: a guest's
  // (common/spa/home-page.ts, the same JSON and one-second cache as GET /api/posts/timeline?limit=20,
  // and, when the frontend build has its server render (dist-ssr/), the home screen's markup made
  // from it, which the app hydrates), or, by the home-page cookie, a member's with their account
  // (common/spa/member-home-page.ts), counted in the member's read budget (settings/read-budget.ts).
  // A guest's Explore comes rendered too (common/spa/guest-pages.ts).
  const ranked = app.get(RankedFeedService);
  const auth = app.get(AuthService);
  const homeSession = app.get(HomeSessionService);
  const readBudget = app.get(ReadBudget);
  const trending = app.get(TrendingService);
  serveSpa(app, config.frontendDist, {
    waitMs: config.ssrWaitMs,
    // A guest's `/` is the global ranking (issue 26), as GET /api/posts/timeline/ranked answers a guest.
    guest: () => ranked.guestFirstPage({ limit: DEFAULT_PAGE_SIZE }),
    render: await loadGuestHomeRender(config.frontendDist),
    renderMember: await loadMemberHomeRender(config.frontendDist),
    pages: await loadGuestPages(config.frontendDist),
    // A guest's Explore is rendered from the 7-day trends and the guests' suggestions (issue 26):
    // the trends a node holds in memory, refreshed with them (guest-pages.ts PAGE_DATA_MAX_AGE_MS).
    pageData: async (path) => {
      if (path !== '/explore') return null;
      const [{ trends }, { users }] = await Promise.all([trending.hashtags({ limit: EXPLORE_TRENDS_LIMIT }), trending.users(undefined, { limit: EXPLORE_SUGGESTIONS_LIMIT })]);
      return JSON.stringify({ trends, users });
    },
    member: async (req, res) => {
      const session = await homeSession.resolve(req);
      if (session.kind === 'none') return 'guest';
      if (session.kind === 'invalid') {
        homeSession.clear(req, res);
        return 'guest';
      }
      // A member's render costs several API reads: it counts in their read budget (429 page over it).
      if (!(await readBudget.member(session.user, res)).allowed) return 'rate-limited';
      // The `Size özel` tab a member's `/` renders is the ranked feed (issue 26).
      const [me, page] = await Promise.all([auth.me(session.user.id), ranked.page(session.user, { limit: DEFAULT_PAGE_SIZE })]);
      return { sub: session.user.id, user: me.user, page };
    },
  });
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
