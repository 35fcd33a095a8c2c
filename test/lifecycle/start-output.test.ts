import { ensureBackendBuilt, freshDatabase, type TestDatabase } from '../realtime/cluster';
import { type RunningServer, startServer } from '../support/server';

/**
 * What `npm start` prints: the banner and what is worth reading, not Nest's hundred lines of
 * loaded modules and mapped routes. Those are debug lines (backend/src/common/logging/log-levels.ts),
 * shown again with LOG_LEVEL=debug.
 */
describe('the built server’s start output', () => {
  let db: TestDatabase;
  let node: RunningServer | undefined;
  beforeAll(async () => {
    ensureBackendBuilt();
    db = await freshDatabase();
  });
  afterEach(async () => {
    await node?.stop();
    node = undefined;
  });
  afterAll(async () => {
    await db?.drop();
  });

  const env = (level: string | undefined) => ({ DATABASE_URL: db.url, REDIS_URL: undefined, SEED_DEMO: 'false', LOG_FORMAT: undefined, LOG_LEVEL: level, NODE_ENV: undefined });

  it('at the default level: the banner, and no route mapping or module loading', async () => {
    node = await startServer(env(undefined));
    const out = node.output();
    expect(out).toContain('gündem çalışıyor: http://localhost:');
    expect(out).toContain('API belgeleri:');
    for (const chatter of ['Mapped {', 'RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'dependencies initialized', 'Starting Nest application']) {
      expect(out).not.toContain(chatter);
    }
    expect(out.split('\n').length).toBeLessThan(30);
  });

  it('with LOG_LEVEL=debug: the mapped routes as debug lines, and the banner', async () => {
    node = await startServer(env('debug'));
    const out = node.output();
    expect(out).toContain('gündem çalışıyor: http://localhost:');
    expect(out).toMatch(/DEBUG: \[RouterExplorer\] Mapped \{\/api\/health, GET\} route/);
    expect(out).toMatch(/DEBUG: \[InstanceLoader\] \S+ dependencies initialized/);
  });
});
