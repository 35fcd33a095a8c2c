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
  let startMs: number;
  afterAll(() => closeAllSockets());

  it('starts within the bounded wait, serves REST and local pushes, and closes promptly', async () => {
    const started = Date.now();
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${await deadPort()}` });
    startMs = Date.now() - started;
    expect(startMs).toBeLessThan(10_000);
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
