import type { LevelWithSilent } from 'pino';
import type { AppConfig } from '../../config/app-config';

/** LOG_LEVEL keeps Nest's names (docs and deployments use them); pino calls them by its own. */
const PINO_LEVELS: Record<AppConfig['logLevel'], LevelWithSilent> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

export function pinoLevel(level: AppConfig['logLevel']): LevelWithSilent {
  return PINO_LEVELS[level];
}
