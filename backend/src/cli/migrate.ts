import 'reflect-metadata';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';

/**
 * `npm run migrate` (in the image: `node backend/dist/cli/migrate.js`): applies the pending
 * migrations once and says which, then exits 0. Deployments run it as a one-shot job before the
 * nodes start, so a failed migration stops the rollout instead of a node's boot; the nodes still
 * migrate at boot under the same advisory lock (database/migrate.ts), so running it twice, or
 * beside a starting node, is harmless. Without DATABASE_URL it uses the embedded cluster of
 * DATA_DIR, as the server and the other tools do.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
  let applied: string[];
  try {
    applied = await runMigrations(config.databaseUrl ?? embedded!.url);
  } finally {
    await embedded?.stop();
  }
  if (applied.length) {
    console.log(`Uygulanan migration'lar (${applied.length}):`);
    for (const name of applied) console.log(`  ${name}`);
  } else {
    console.log('Veritabanı güncel: uygulanacak migration yok.');
  }
  // Exit explicitly: embedded-postgres's exit hook would otherwise decide the exit code.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Migration'lar uygulanamadı: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
