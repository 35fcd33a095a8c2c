import { createServer } from 'node:net';
import { closeAllSockets, connectSocket, nextEvent } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RealtimeEvents } from './realtime-events.service';

/** A loopback port with nothing listening on it: a Redis that is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Socket.IO adapter with REDIS_URL pointing at a Redis that is down', () => {
  let t: TestApp;
  afterAll(() => closeAllSockets());

  it('starts within the bounded wait, serves REST and local pushes, and closes promptly', async () => {
    // The start-up's wait for Redis gives up (its warning is logged) and the app serves without
    // it; a wait that never ended would never get here (the test's own timeout). Not a clock
    // bound on the whole start: cloning the test database alone took over 10 s on a loaded host.
    const log: string[] = [];
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${await deadPort()}`, logFormat: 'json' }, { logDestination: { write: (chunk: string) => void log.push(chunk) } });
    expect(log.some((line) => line.includes("Redis'e bağlanılamadı"))).toBe(true);
    expect(log.some((line) => line.includes('Socket.IO Redis adaptörü etkin'))).toBe(false);
    const url = await t.listen();

    const [ali, ayse] = [await t.createUser(), await t.createUser()];
    const ayseTab = await connectSocket(url, await t.tokenFor(ayse));
    const got = nextEvent(ayseTab, 'message:new');
    const sentAt = Date.now();
    await t.http
      .post('/api/messages/send')
      .set('authorization', `Bearer ${await t.tokenFor(ali)}`)
      .send({ receiverId: ayse.id, content: 'Redis yokken' })
      .expect(201);
    expect(Date.now() - sentAt).toBeLessThan(1_500);
    // The publish to Redis fails fast; the node's own connections still get the event.
    expect((await got).message.text).toBe('Redis yokken');
    expect(() => t.app.get(RealtimeEvents).disconnectUser(ayse.id)).not.toThrow();

    closeAllSockets();
    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
