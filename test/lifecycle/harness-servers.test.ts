import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBackendBuilt, freshDatabase, type TestDatabase } from '../realtime/cluster';
import { repoRoot } from '../support/server';

/**
 * A test that fails or times out before its server's `stop()` must not leave that server running
 * once its jest worker ends: an overloaded CI run once left two built servers up for 90 minutes.
 * Here a process starts a server through the harness and exits without stopping it, as a worker
 * does after such a test.
 */
describe('servers started by the test harness', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    ensureBackendBuilt();
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('stop when the process that started them exits without stopping them', async () => {
    const harness = pathToFileURL(join(repoRoot, 'test/support/server.ts')).href;
    // Node runs the harness's TypeScript as it is (type stripping, Node 22.18+ and 24).
    const script = `
      const { startServer } = await import(${JSON.stringify(harness)});
      const server = await startServer({ DATABASE_URL: process.env.HARNESS_DB, REDIS_URL: undefined, SEED_DEMO: 'false' });
      console.log('URL ' + server.url);
      process.exit(0);`;
    const child = spawn(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], {
      env: { ...process.env, HARNESS_DB: db.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, out }).toMatchObject({ code: 0, out: expect.stringMatching(/URL http:\/\/\S+/) });
    const url = /URL (http:\/\/\S+)/.exec(out)![1].replace('localhost', '127.0.0.1');

    // The server answered while its parent lived; it now shuts down on its own SIGTERM and stops
    // answering. Without the harness's exit hook it would answer on forever (the test's timeout).
    const answers = () => fetch(`${url}/api/health`).then(() => true, () => false);
    while (await answers()) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await answers()).toBe(false);
  });
});
