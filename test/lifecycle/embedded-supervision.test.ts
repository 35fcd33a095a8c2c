import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBackendBuilt } from '../realtime/cluster';
import { type RunningServer, startServer } from '../support/server';

/**
 * Fault test: the embedded PostgreSQL's postmaster is killed (SIGKILL) under a running node. The
 * node restarts it in place (same port, so the pool's URL stays right) and serves again within
 * RECOVERY_BOUND_MS; a SIGTERM afterwards still ends it with 0.
 */
const RECOVERY_BOUND_MS = 45_000;

async function status(url: string, path: string, init?: RequestInit): Promise<number> {
  try {
    const res = await fetch(`${url}${path}`, init);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

describe('embedded PostgreSQL supervision', () => {
  let node: RunningServer | undefined;

  beforeAll(() => ensureBackendBuilt());
  afterAll(async () => {
    await node?.stop().catch(() => undefined);
  });

  it('a killed postmaster is restarted and the node serves writes again; SIGTERM still exits 0', async () => {
    // No DATABASE_URL: the node starts its own embedded cluster in DATA_DIR/postgres (and seeds the demo accounts).
    node = await startServer({ DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'log' });
    expect(await status(node.url, '/api/health')).toBe(200);

    const pidFile = join(node.dataDir, 'postgres', 'postmaster.pid');
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(postmaster).toBeGreaterThan(0);
    process.kill(postmaster, 'SIGKILL');

    const started = Date.now();
    let recovered = false;
    while (Date.now() - started < RECOVERY_BOUND_MS) {
      const newPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (newPid !== postmaster && (await status(node.url, '/api/health')) === 200) {
        recovered = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(true);
    expect(node.output()).toMatch(/Gömülü PostgreSQL beklenmedik biçimde durdu/);
    expect(node.output()).toMatch(/Gömülü PostgreSQL yeniden başlatıldı/);

    // A write through the pool after the restart: the pool replaced its broken connections.
    const login = await fetch(`${node.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'ayse@gundem.local', password: 'gundem123' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    let posted = 0;
    // The first statements may still meet a connection the old postmaster's death broke.
    for (let i = 0; i < 10 && posted !== 201; i++) {
      posted = await status(node.url, '/api/posts', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'veritabanı geri geldi' }),
      });
    }
    expect(posted).toBe(201);

    const code = await node.stop({ signal: 'SIGTERM' });
    node = undefined;
    expect(code).toBe(0);
  });
});
