import { startTestDatabaseServer } from './test-database';

export default async function globalSetup(): Promise<void> {
  if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
    console.warn('\n[test] CI=true ama DATABASE_URL yok: gömülü PostgreSQL kullanılacak.');
  }
  const server = await startTestDatabaseServer(process.env.DATABASE_URL, (line) => console.log(`\n[test] ${line}`));
  process.env.GUNDEM_TEST_ADMIN_URL = server.adminUrl;
  process.env.GUNDEM_TEST_TEMPLATE = server.templateName;
  (globalThis as { __gundemTestDb?: typeof server }).__gundemTestDb = server;
}
