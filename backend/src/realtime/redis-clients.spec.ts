import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import { createRedisClients, reconnectDelay, type RedisClients } from './redis-clients';

/** A loopback port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Redis clients of the Socket.IO adapter', () => {
  it('backs off up to a 2 s cap, forever', () => {
    expect([1, 2, 5, 20, 1_000].map(reconnectDelay)).toEqual([100, 200, 500, 2_000, 2_000]);
  });

  /**
   * Clients made for `url` (nothing listening): start-up's wait ends within its bound, `body`
   * sends what the adapter sends, and closing neither hangs nor leaves an unhandled rejection.
   * Answers the warnings logged.
   */
  async function whileAway(url: string, body: (clients: RedisClients) => Promise<void>): Promise<string[]> {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const logs: string[] = [];
    const logger = { warn: (m: string) => logs.push(m), log: (m: string) => logs.push(m) };
    try {
      const clients = createRedisClients(url, logger as never);
      const started = Date.now();
      expect(await clients.ready(300)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
      await body(clients);
      await clients.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      return logs.filter((m) => m.includes('koptu'));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }

  it('with Redis away: start-up wait is bounded, publishes fail fast without an unhandled rejection, close does not hang', async () => {
    const warnings = await whileAway(`redis://127.0.0.1:${await deadPort()}`, async (clients) => {
      expect(clients.kind).toBe('single');
      const pub = clients.pub as Redis;
      // What the Socket.IO adapter does: publish without awaiting.
      void pub.publish('kanal', 'ileti');
      const awaited = await pub.publish('kanal', 'ileti').then(
        () => 'published',
        (error: Error) => error.message,
      );
      expect(awaited).toMatch(/enableOfflineQueue|Connection is closed|not writeable/i);
      // The subscriber queues its SUBSCRIBE until Redis is there.
      void (clients.sub as Redis).subscribe('kanal');
    });
    // One warning per client for the outage, however many reconnect attempts failed.
    expect(warnings).toHaveLength(2);
  });

  it('on a Redis Cluster that is away: the same guarantees for the sharded pair (SPUBLISH, SSUBSCRIBE)', async () => {
    const warnings = await whileAway(`redis+cluster://127.0.0.1:${await deadPort()},127.0.0.1:${await deadPort()}`, async (clients) => {
      expect(clients.kind).toBe('cluster');
      void clients.pub.spublish('kanal', 'ileti');
      const awaited = await clients.pub.spublish('kanal', 'ileti').then(
        () => 'published',
        (error: Error) => error.message,
      );
      expect(awaited).not.toBe('published');
      void clients.sub.ssubscribe('kanal');
    });
    expect(warnings.length).toBeLessThanOrEqual(2);
  });
});
