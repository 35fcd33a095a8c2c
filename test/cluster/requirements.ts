import { spawnSync } from 'node:child_process';
import { findNginx, redisAnswers } from '../../scripts/cluster.mjs';

/** The Redis the cluster tests use (the CI machine's service), else a throwaway redis-server. */
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Why `npm run cluster`'s topology cannot start here (no nginx, no Redis at all), or undefined. Under
 * CI=true a missing part fails the file; elsewhere it is skipped with a warning naming `label`.
 */
export async function clusterUnavailable(label: string): Promise<string | undefined> {
  let reason: string | undefined;
  if (!findNginx()) reason = 'nginx yok (Debian: apt-get install nginx)';
  else if (!(await redisAnswers(REDIS_URL)) && spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    reason = `Redis yok (${REDIS_URL} yanıt vermiyor, redis-server da bulunamadı)`;
  }
  if (reason && process.env.CI === 'true') throw new Error(`[${label}] ${reason} (CI=true: bu testler atlanamaz)`);
  if (reason) console.warn(`\n⚠️  [${label}] ATLANDI: ${reason}\n`);
  return reason;
}
