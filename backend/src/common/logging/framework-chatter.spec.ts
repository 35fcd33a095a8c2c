import type { DestinationStream } from 'pino';
import { createRootLogger } from './root-logger';

function capture(): DestinationStream & { lines(): { level: string; context?: string; msg: string }[] } {
  const chunks: string[] = [];
  return { write: (chunk: string) => void chunks.push(chunk), lines: () => chunks.map((chunk) => JSON.parse(chunk)) };
}

/** What Nest writes while it builds and starts an app, one line of each context. */
function startUpLines(logger: Awaited<ReturnType<typeof createRootLogger>>): void {
  logger.info({ context: 'NestFactory' }, 'Starting Nest application...');
  logger.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
  logger.info({ context: 'RoutesResolver' }, 'HealthController {/api/health}:');
  logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/health, GET} route');
  logger.info({ context: 'WebSocketsController' }, 'RealtimeGateway subscribed to the "posts:watch" message');
  logger.info({ context: 'NestApplication' }, 'Nest application successfully started');
}

describe("Nest's start-up chatter (log-levels.ts FRAMEWORK_CHATTER)", () => {
  it('is not written at the default LOG_LEVEL=log, while the app’s own log lines and the framework’s warnings are', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'log', logFormat: 'json' }, { destination: out });
    startUpLines(logger);
    logger.info({ context: 'gündem' }, "Uygulanan migration'lar: 001");
    logger.warn({ context: 'NestApplication' }, 'bir uyarı');
    expect(out.lines().map((l) => [l.level, l.context, l.msg])).toEqual([
      ['info', 'gündem', "Uygulanan migration'lar: 001"],
      ['warn', 'NestApplication', 'bir uyarı'],
    ]);
  });

  it('is written at debug with LOG_LEVEL=debug', async () => {
    const out = capture();
    const logger = await createRootLogger({ logLevel: 'debug', logFormat: 'json' }, { destination: out });
    startUpLines(logger);
    const lines = out.lines();
    expect(lines.map((l) => l.context)).toEqual(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestApplication']);
    expect(lines.every((l) => l.level === 'debug')).toBe(true);
    expect(lines[3].msg).toBe('Mapped {/api/health, GET} route');
  });
});
