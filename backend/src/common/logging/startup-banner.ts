import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from './logging.module';

export interface StartupBanner {
  /** The line supervisors and scripts wait for (`gündem çalışıyor: <url>`). */
  message: string;
  /** The banner as a person reads it, printed as is with LOG_FORMAT=pretty. */
  lines: string[];
  /** The same facts as fields of the JSON line. */
  fields: Record<string, unknown>;
}

/**
 * With LOG_FORMAT=pretty the human banner on stdout; with json one log line like every other,
 * written whatever LOG_LEVEL is (like the banner, it is the proof the server is up: the
 * benchmark runs production nodes at LOG_LEVEL=warn and waits for it).
 */
export function printStartupBanner(app: INestApplication, banner: StartupBanner): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  if (config.logFormat === 'pretty') {
    console.log(banner.lines.join('\n'));
    return;
  }
  app.get<Logger>(ROOT_LOGGER).child({ context: 'gündem' }, { level: 'info' }).info(banner.fields, banner.message);
}
