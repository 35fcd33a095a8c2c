import { QueryClient } from '@tanstack/react-query';
import type { RealtimeClient, SocketStatus } from '../../../lib/realtime/socket-client';
import { mockFetch } from '../../../test/fetch-mock';
import { OUTBOX_RETRY_MIN_MS, Outbox } from './outbox';

/** The part of RealtimeClient the queue uses: its status changes and socket id. */
function fakeRealtime() {
  const handlers = new Set<(status: SocketStatus) => void>();
  const client = {
    socketId: undefined,
    onStatus(handler: (status: SocketStatus) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
  return {
    client: client as unknown as RealtimeClient,
    set: (status: SocketStatus) => handlers.forEach((handler) => handler(status)),
  };
}

const answer = (content: string) => ({
  body: { message: { id: `m-${content}`, text: content, timestamp: new Date().toISOString(), isOwn: true } },
});

describe('Outbox', () => {
  beforeEach(() => localStorage.setItem('gundem_token', 'tok'));

  it('after a network error waits, then sends at once with the same key when the socket connects', async () => {
    let online = false;
    const { calls } = mockFetch({
      'POST /api/messages/send': () => (online ? answer('selam') : { networkError: true }),
    });
    const realtime = fakeRealtime();
    // A retry timer far beyond the test: only the connection can send it again.
    const outbox = new Outbox('u-1', 60 * 60_000);
    outbox.bind({ queryClient: new QueryClient(), realtime: realtime.client });
    outbox.enqueue('u-2', 'selam');
    // The run under way: it fails and leaves the message waiting.
    await outbox.flush();
    expect(outbox.snapshot()).toHaveLength(1);
    expect(calls).toHaveLength(1);

    online = true;
    realtime.set('connected');
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]));
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['Idempotency-Key']).toBe(calls[0].headers['Idempotency-Key']);
    outbox.dispose();
  });

  it('tries again at once when the connection returns during an attempt that then fails', async () => {
    let online = false;
    let fail: () => void = () => undefined;
    const { calls } = mockFetch({
      'POST /api/messages/send': () =>
        online ? answer('selam') : new Promise((resolve) => (fail = () => resolve({ networkError: true }))),
    });
    const realtime = fakeRealtime();
    const outbox = new Outbox('u-1', 60 * 60_000);
    outbox.bind({ queryClient: new QueryClient(), realtime: realtime.client });
    outbox.enqueue('u-2', 'selam');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    online = true;
    realtime.set('connected');
    fail();
    await outbox.flush();
    expect(calls).toHaveLength(2);
    expect(outbox.snapshot()).toEqual([]);
    outbox.dispose();
  });

  it('tries again on its own after the retry delay while nothing else happens', async () => {
    vi.useFakeTimers();
    let online = false;
    const { calls } = mockFetch({
      'POST /api/messages/send': () => (online ? answer('selam') : { networkError: true }),
    });
    const outbox = new Outbox('u-1');
    outbox.bind({ queryClient: new QueryClient(), realtime: null });
    outbox.enqueue('u-2', 'selam');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    online = true;
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MIN_MS - 1);
    expect(calls).toHaveLength(1);
    expect(outbox.snapshot()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['Idempotency-Key']).toBe(calls[0].headers['Idempotency-Key']);
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]));
    outbox.dispose();
  });

  it('sends one message at a time even when triggers come together', async () => {
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      'POST /api/messages/send': (init) =>
        new Promise((resolve) => {
          release = () => resolve(answer(JSON.parse(String(init?.body)).content));
        }),
    });
    const realtime = fakeRealtime();
    const outbox = new Outbox('u-1');
    outbox.bind({ queryClient: new QueryClient(), realtime: realtime.client });
    outbox.enqueue('u-2', 'bir');
    realtime.set('connected');
    window.dispatchEvent(new Event('online'));
    void outbox.flush();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]));
    expect(calls).toHaveLength(1);
    outbox.dispose();
  });

  it('sends nothing under another session than the one it was bound to', async () => {
    const { calls } = mockFetch({ 'POST /api/messages/send': answer('x') });
    const outbox = new Outbox('u-1');
    outbox.bind({ queryClient: new QueryClient(), realtime: null });
    localStorage.setItem('gundem_token', 'someone-else');
    outbox.enqueue('u-2', 'x');
    await outbox.flush();
    expect(calls).toHaveLength(0);
    expect(outbox.snapshot()).toHaveLength(1);
    outbox.dispose();
  });
});
