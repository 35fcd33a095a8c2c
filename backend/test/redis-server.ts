import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../src/database/embedded-postgres';

/**
 * A Redis for tests: TEST_REDIS_URL (CI's service, default redis://127.0.0.1:6379) when it
 * answers, else a throwaway `redis-server` on a free port, else none — then the caller skips,
 * loudly, and under CI=true that is a failure.
 */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startTestRedis(): Promise<TestRedis | null> {
  const shared = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  if (await answers(shared)) return { url: shared, stop: async () => {} };
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    if (process.env.CI === 'true') throw new Error(`Redis yok (${shared} yanıt vermiyor, redis-server da bulunamadı)`);
    console.warn(`\n⚠️  Redis yok (${shared} yanıt vermiyor, redis-server da bulunamadı): Redis testleri ATLANDI.\n`);
    return null;
  }
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await answers(url))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
