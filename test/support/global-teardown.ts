import type { TestDatabaseServer } from '../../backend/test/test-database';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __gundemTestDb?: TestDatabaseServer }).__gundemTestDb?.stop();
}
