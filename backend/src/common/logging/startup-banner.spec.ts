import type { INestApplication } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from './logging.module';
import { createRootLogger } from './root-logger';
import { printStartupBanner } from './startup-banner';

const banner = {
  message: 'gündem çalışıyor: http://localhost:3000',
  lines: ['', '  gündem çalışıyor: http://localhost:3000', ''],
  fields: { url: 'http://localhost:3000', database: 'DATABASE_URL' },
};

/** Just enough of an application for the banner: its config and root logger, by token. */
function appWith(config: Pick<AppConfig, 'logFormat'>, logger: unknown): INestApplication {
  const providers = new Map<unknown, unknown>([
    [APP_CONFIG, config],
    [ROOT_LOGGER, logger],
  ]);
  return { get: (token: unknown) => providers.get(token) } as unknown as INestApplication;
}

describe('printStartupBanner', () => {
  it('LOG_FORMAT=json: one JSON line with the facts as fields, written even at LOG_LEVEL=warn', async () => {
    const chunks: string[] = [];
    const out: DestinationStream = { write: (chunk: string) => void chunks.push(chunk) };
    const config = { logLevel: 'warn', logFormat: 'json' } as const;
    printStartupBanner(appWith(config, await createRootLogger(config, { destination: out })), banner);
    expect(chunks).toHaveLength(1);
    expect(JSON.parse(chunks[0])).toMatchObject({ level: 'info', context: 'gündem', msg: banner.message, ...banner.fields });
  });

  it('LOG_FORMAT=pretty: the human banner on stdout, as before', () => {
    const printed: unknown[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void printed.push(...args);
    try {
      printStartupBanner(appWith({ logFormat: 'pretty' }, undefined), banner);
    } finally {
      console.log = original;
    }
    expect(printed).toEqual([banner.lines.join('\n')]);
  });
});
