import { jest } from '@jest/globals';
import type { DashboardMediaStatistics } from '@gundem/contract';
import { Logger } from '@nestjs/common';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MEDIA_STATS_TIMING, MediaStatsService } from './media-stats.service';
import { mediaKey, MediaStorage, type MediaStorageStats } from './storage/media-storage';

/** A promise and its resolve, to hold a walk until the test lets it go. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** One node's view of the totals: its real storage driver with a counting, pass-through spy on stats(). */
function node(t: TestApp) {
  const storage = t.app.get(MediaStorage);
  const service = t.app.get(MediaStatsService);
  const real = Object.getPrototypeOf(storage).stats as () => Promise<MediaStorageStats>;
  const walks = jest.spyOn(storage, 'stats');
  return {
    storage,
    service,
    walks,
    /**
     * The next walk waits for `release` (it then measures the store for real); `started` resolves
     * once it is running.
     */
    holdNextWalk() {
      const started = deferred();
      const release = deferred();
      walks.mockImplementationOnce(async () => {
        started.resolve();
        await release.promise;
        return real.call(storage);
      });
      return { started: started.promise, release: () => release.resolve() };
    },
  };
}

describe('the dashboard media totals: measured now and then, kept in PostgreSQL (real PostgreSQL)', () => {
  let t: TestApp;
  let a: ReturnType<typeof node>;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = node(t);
    auth = await t.bearer(await t.createUser({ role: 'moderator' }));
  });
  afterEach(async () => {
    // Every test starts from a store never measured, the bounds as shipped and a fresh count.
    a.service.timing = { ...MEDIA_STATS_TIMING };
    await t.db.query('UPDATE media_stats SET files = 0, bytes = 0, measured_at = NULL, walk_until = NULL');
    a.walks.mockClear();
  });
  afterAll(async () => {
    await t.close();
  });

  const load = async (): Promise<DashboardMediaStatistics> =>
    (await t.http.get('/api/admin/dashboard').set('authorization', auth).expect(200)).body.statistics.media;

  /** Stores a file of `size` bytes straight through the driver, as an upload does. */
  const storeFile = async (size: number) => {
    const bytes = Buffer.alloc(size, Math.floor(Math.random() * 256));
    bytes.writeDoubleLE(Math.random(), 0);
    await a.storage.put(mediaKey(bytes), bytes, 'image/webp');
    return bytes.length;
  };

  it('walks the store once for two loads in a row, and says when it measured', async () => {
    const bytes = await storeFile(300);
    const first = await load();
    expect(first).toEqual({ files: 1, bytes, measuredAt: expect.any(String) });
    expect(Date.now() - Date.parse(first.measuredAt!)).toBeLessThan(60_000);
    await storeFile(200);
    // Within MEDIA_STATS_MAX_AGE_MS: the stored figure, the store untouched.
    expect(await load()).toEqual(first);
    expect(a.walks).toHaveBeenCalledTimes(1);
  });

  it('concurrent loads share one walk', async () => {
    // Long enough that no load gives up on the held walk before every one has joined it.
    a.service.timing = { ...MEDIA_STATS_TIMING, waitMs: 30_000 };
    const held = a.holdNextWalk();
    const joined = deferred();
    const current = a.service.current.bind(a.service);
    let asked = 0;
    const asking = jest.spyOn(a.service, 'current').mockImplementation(() => {
      if (++asked === 5) joined.resolve();
      return current();
    });
    try {
      const loads = Array.from({ length: 5 }, () => load());
      await held.started;
      await joined.promise;
      held.release();
      const answers = await Promise.all(loads);
      expect(a.walks).toHaveBeenCalledTimes(1);
      expect(answers[0].measuredAt).toEqual(expect.any(String));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    } finally {
      asking.mockRestore();
    }
  });

  it('measures again once the figure is older than the bound', async () => {
    const first = await load();
    const bytes = await storeFile(500);
    expect(await load()).toEqual(first);
    expect(a.walks).toHaveBeenCalledTimes(1);
    // The bound, shortened for the test: the figure stored a moment ago is now too old.
    a.service.timing = { ...MEDIA_STATS_TIMING, maxAgeMs: 0 };
    const second = await load();
    expect(a.walks).toHaveBeenCalledTimes(2);
    expect(second).toEqual({ files: first.files + 1, bytes: first.bytes + bytes, measuredAt: expect.any(String) });
    expect(Date.parse(second.measuredAt!)).toBeGreaterThan(Date.parse(first.measuredAt!));
  });

  it('answers within the wait bound while a slow walk goes on, then serves its result', async () => {
    a.service.timing = { ...MEDIA_STATS_TIMING, waitMs: 200 };
    const held = a.holdNextWalk();
    const started = Date.now();
    // Never measured yet: the answer says so rather than waiting for the walk.
    expect(await load()).toEqual({ files: 0, bytes: 0, measuredAt: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    await held.started;
    // Loads meanwhile join the walk in flight (no second one) and answer within the bound as well.
    expect(await load()).toEqual({ files: 0, bytes: 0, measuredAt: null });
    expect(a.walks).toHaveBeenCalledTimes(1);
    a.service.timing = { ...MEDIA_STATS_TIMING, waitMs: 30_000 };
    held.release();
    const measured = await load();
    expect(measured.measuredAt).toEqual(expect.any(String));
    expect(a.walks).toHaveBeenCalledTimes(1);
  });

  it('a failing walk keeps the previous figure, answers 200, and the store is asked again only after the retry bound', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      // Before any figure: a failure answers "never measured", not a 500.
      a.walks.mockRejectedValueOnce(new Error('S3 yanıt vermiyor'));
      a.service.timing = { ...MEDIA_STATS_TIMING, retryMs: 0 };
      expect(await load()).toEqual({ files: 0, bytes: 0, measuredAt: null });
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([expect.stringMatching(/toplamları ölçülemedi \(S3 yanıt vermiyor\).*henüz bir ölçüm yok/)]);

      // The retry bound (0 here) has passed: the next load measures.
      const measured = await load();
      expect(measured.measuredAt).toEqual(expect.any(String));
      expect(a.walks).toHaveBeenCalledTimes(2);

      // With a figure: a failure keeps it.
      await storeFile(100);
      a.service.timing = { ...MEDIA_STATS_TIMING, maxAgeMs: 0 };
      a.walks.mockRejectedValueOnce(new Error('S3 yanıt vermiyor'));
      expect(await load()).toEqual(measured);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[1][0])).toContain(`${measured.measuredAt} ölçümü`);
      // Within MEDIA_STATS_RETRY_MS no node asks the store again, stale figure or not.
      expect(await load()).toEqual(measured);
      expect(a.walks).toHaveBeenCalledTimes(3);
    } finally {
      warn.mockRestore();
    }
  });

  describe('with two nodes on one database', () => {
    let other: TestApp;
    let b: ReturnType<typeof node>;
    beforeAll(async () => {
      // Node b on node a's database (each with its own MEDIA_DIR here; the spies count their walks).
      other = await createTestApp({ databaseUrl: t.config.databaseUrl });
      b = node(other);
    });
    afterEach(() => {
      b.service.timing = { ...MEDIA_STATS_TIMING };
      b.walks.mockClear();
    });
    afterAll(async () => {
      await other.close();
    });

    const loadOn = async (app: TestApp): Promise<DashboardMediaStatistics> =>
      (await app.http.get('/api/admin/dashboard').set('authorization', auth).expect(200)).body.statistics.media;

    it('one node measures, the other serves its figure; while one walks, the other does not start a second walk', async () => {
      const measured = await loadOn(t);
      expect(measured.measuredAt).toEqual(expect.any(String));
      expect(await loadOn(other)).toEqual(measured);
      expect([a.walks.mock.calls.length, b.walks.mock.calls.length]).toEqual([1, 0]);

      // Stale for both; node a claims the walk and is slow about it.
      a.service.timing = { ...MEDIA_STATS_TIMING, maxAgeMs: 0, waitMs: 100 };
      b.service.timing = { ...MEDIA_STATS_TIMING, maxAgeMs: 0 };
      const held = a.holdNextWalk();
      expect(await loadOn(t)).toEqual(measured);
      await held.started;
      // Node b finds the lease taken: the previous figure, no walk of its own.
      expect(await loadOn(other)).toEqual(measured);
      expect([a.walks.mock.calls.length, b.walks.mock.calls.length]).toEqual([2, 0]);

      a.service.timing = { ...MEDIA_STATS_TIMING, waitMs: 30_000 };
      held.release();
      const fresh = await loadOn(t);
      expect(Date.parse(fresh.measuredAt!)).toBeGreaterThan(Date.parse(measured.measuredAt!));
      b.service.timing = { ...MEDIA_STATS_TIMING };
      expect(await loadOn(other)).toEqual(fresh);
      expect(b.walks).not.toHaveBeenCalled();
    });
  });
});
