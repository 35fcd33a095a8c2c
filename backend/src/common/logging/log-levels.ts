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

/**
 * Nest's own start-up chatter: the modules it loaded, every route it mapped, the gateway's
 * subscriptions and "starting"/"started" (about a hundred lines). Written at `debug` instead of
 * Nest's `log`, so the default level shows the banner and what is worth reading; LOG_LEVEL=debug
 * shows them again. Only their `log` lines: a warning or an error of these contexts stays as it is.
 */
export const FRAMEWORK_CHATTER = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestApplication']);

/** pino's number of the `info` level (Nest's `log`). */
export const INFO_LEVEL = 30;

/** Whether a line logged with these arguments is Nest's start-up chatter (its first argument carries the Nest context). */
export function isFrameworkChatter(args: readonly unknown[]): boolean {
  const first = args[0];
  if (typeof first !== 'object' || first === null) return false;
  const context = (first as { context?: unknown }).context;
  return typeof context === 'string' && FRAMEWORK_CHATTER.has(context);
}
