import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source';

/** Any constant: nodes starting together take turns instead of racing on the schema. */
const MIGRATION_LOCK = 7_246_001;

/** Runs pending migrations under a PostgreSQL advisory lock; returns the names it applied. */
export async function runMigrations(url: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const applied = await ds.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await ds.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await ds.destroy();
  }
}
