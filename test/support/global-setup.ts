import { startTestDatabaseServer } from '../../backend/test/test-database';
import { canConnect, LOCAL_POSTGRES } from './postgres';

/**
 * One migrated template per run on the PostgreSQL the tests use (DATABASE_URL, else the local
 * service): `freshDatabase()` clones it, so a server started by a test finds its schema in place
 * instead of running every migration at boot. Without a server there, nothing is made and each
 * test starts an embedded PostgreSQL of its own, as before.
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES;
  if (!(await canConnect(adminUrl))) return;
  const server = await startTestDatabaseServer(adminUrl, () => undefined);
  process.env.GUNDEM_TEST_ADMIN_URL = server.adminUrl;
  process.env.GUNDEM_TEST_TEMPLATE = server.templateName;
  (globalThis as { __gundemTestDb?: typeof server }).__gundemTestDb = server;
}
