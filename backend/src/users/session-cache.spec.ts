import { jest } from '@jest/globals';
import { SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import type { SessionUser } from './session-user';

const user = (id: string, sessionVersion = 0): SessionUser => ({
  id,
  username: `u${id}`,
  displayName: `U ${id}`,
  role: 'user',
  isActive: true,
  isVerified: false,
  sessionVersion,
});

describe('SessionCache', () => {
  afterEach(() => jest.useRealTimers());

  it('reads a session once while it is fresh, and again after the TTL', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new SessionCache();
    const load = jest.fn(async () => user('a'));
    await expect(cache.get('a', load)).resolves.toMatchObject({ id: 'a' });
    await cache.get('a', load);
    await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + SESSION_CACHE_TTL_MS + 1);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between concurrent misses', async () => {
    const cache = new SessionCache();
    let release!: (u: SessionUser) => void;
    const load = jest.fn(() => new Promise<SessionUser>((r) => (release = r)));
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    release(user('a'));
    expect((await both).map((u) => u?.id)).toEqual(['a', 'a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('invalidate drops the row here and tells the other nodes; forget only drops it here', async () => {
    const cache = new SessionCache();
    const told: string[] = [];
    cache.onInvalidate((id) => told.push(id));
    let version = 0;
    const load = jest.fn(async () => user('a', version));
    await cache.get('a', load);
    version = 1;
    cache.invalidate('a');
    await expect(cache.get('a', load)).resolves.toMatchObject({ sessionVersion: 1 });
    expect(told).toEqual(['a']);
    version = 2;
    cache.forget('a');
    await expect(cache.get('a', load)).resolves.toMatchObject({ sessionVersion: 2 });
    expect(told).toEqual(['a']);
  });

  it('does not keep a failed lookup', async () => {
    const cache = new SessionCache();
    await expect(cache.get('a', () => Promise.reject(new Error('veritabanı yok')))).rejects.toThrow('veritabanı yok');
    await expect(cache.get('a', async () => user('a'))).resolves.toMatchObject({ id: 'a' });
  });

  it('keeps at most SESSION_CACHE_MAX rows, dropping the oldest', async () => {
    const cache = new SessionCache();
    for (let i = 0; i <= SESSION_CACHE_MAX; i++) await cache.get(String(i), async () => user(String(i)));
    expect(cache.size).toBe(SESSION_CACHE_MAX);
    const reload = jest.fn(async () => user('0'));
    await cache.get('0', reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
