import { Client } from 'pg';

/** Where the tests look for PostgreSQL when DATABASE_URL is not set: the local service CI uses. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
