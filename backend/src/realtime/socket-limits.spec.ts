import { loadConfig } from '../config/app-config';
import { IP_CONNECTIONS_FULL, USER_CONNECTIONS_FULL } from './realtime.texts';
import { SocketLimits, takeToken } from './socket-limits';

describe('SocketLimits', () => {
  const caps = { socketMaxPerIp: 2, socketMaxPerUser: 1, socketMaxWatchedPerIp: 10, socketEventsPerSecond: 5 };

  it('refuses over the per-address and per-account caps, and a close frees one slot', () => {
    const limits = new SocketLimits(caps);
    limits.open('1.1.1.1', 'u1');
    expect(limits.refusal('1.1.1.1', 'u1')).toBe(USER_CONNECTIONS_FULL);
    expect(limits.refusal('1.1.1.1')).toBeNull();
    limits.open('1.1.1.1');
    expect(limits.refusal('1.1.1.1')).toBe(IP_CONNECTIONS_FULL);
    limits.close('1.1.1.1', 'u1');
    expect(limits.refusal('1.1.1.1', 'u1')).toBeNull();
    expect(limits.size).toEqual({ addresses: 1, users: 0, watching: 0 });
  });

  it('sums watched posts per address', () => {
    const limits = new SocketLimits(caps);
    limits.watched('1.1.1.1', 7);
    expect(limits.watchAllowance('1.1.1.1')).toBe(3);
    expect(limits.watchAllowance('2.2.2.2')).toBe(10);
    limits.watched('1.1.1.1', -7);
    expect(limits.size.watching).toBe(0);
  });
});

describe('takeToken', () => {
  it('allows a burst of twice the rate, then the rate', () => {
    const bucket = { tokens: 10, at: 0 };
    const taken = Array.from({ length: 11 }, () => takeToken(bucket, 5, 0));
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect(takeToken(bucket, 5, 199)).toBe(false);
    expect(takeToken(bucket, 5, 200)).toBe(true);
    // A long pause refills to the burst, no further.
    expect(Array.from({ length: 12 }, () => takeToken(bucket, 5, 60_000)).filter(Boolean)).toHaveLength(10);
  });
});

describe('socket caps settings', () => {
  it('default to 50 per address, 20 per account, 2000 watched per address, 20 events a second', () => {
    expect(loadConfig({})).toMatchObject({ socketMaxPerIp: 50, socketMaxPerUser: 20, socketMaxWatchedPerIp: 2_000, socketEventsPerSecond: 20 });
  });

  it('are read from the environment, and a bad one is reported in Turkish', () => {
    expect(loadConfig({ SOCKET_MAX_PER_IP: '5000', SOCKET_EVENTS_PER_SECOND: '100' })).toMatchObject({ socketMaxPerIp: 5_000, socketEventsPerSecond: 100 });
    expect(() => loadConfig({ SOCKET_MAX_PER_USER: '0' })).toThrow('SOCKET_MAX_PER_USER 1 ile 1000000 arasında bir tam sayı olmalı (şu an: "0")');
  });
});
