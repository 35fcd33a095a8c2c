import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/migrate';

/**
 * Test databases: DATABASE_URL when set (CI points it at the PostgreSQL service), otherwise an
 * embedded PostgreSQL in a temporary folder. One migrated template per run; every test file
 * clones it into a database of its own and drops that at the end.
 */
export interface TestDatabaseServer {
  /** URL of a maintenance database on the server (to CREATE/DROP others). */
  adminUrl: string;
  templateName: string;
  stop(): Promise<void>;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startTestDatabaseServer(databaseUrl: string | undefined, log: (line: string) => void): Promise<TestDatabaseServer> {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = databaseUrl;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'gundem-test-pg-'));
    // mkdtemp makes it 0700; as root the cluster runs as the postgres user, which must enter it.
    chmodSync(dir, 0o755);
    log('DATABASE_URL yok: testler için gömülü PostgreSQL başlatılıyor.');
    embedded = await startEmbeddedPostgres(join(dir, 'data'), { database: 'postgres', persistent: false });
    adminUrl = embedded.url;
  }
  const templateName = `gundem_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${templateName}"`);
  await runMigrations(withDatabase(adminUrl, templateName));
  return {
    adminUrl,
    templateName,
    async stop() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
      if (embedded) await embedded.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database cloned from the run's template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.GUNDEM_TEST_ADMIN_URL;
  const template = process.env.GUNDEM_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('Test database server not started (jest globalSetup missing?)');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  // Two clones of one template at the same instant collide ("source database is being accessed").
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
