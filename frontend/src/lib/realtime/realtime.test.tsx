import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createFakeSocket, type FakeSocket } from '../../test/fake-socket';
import { member, renderWithProviders } from '../../test/render';
import { useAuth } from '../auth';
import { useSocketEvent } from './hooks';
import { RealtimeClient, WATCH_FLUSH_MS } from './socket-client';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function setup(token: string | null = 'tok') {
  const fake = createFakeSocket();
  const client = new RealtimeClient({ createSocket: fake.factory, token });
  return { client, socket: fake.socket as FakeSocket };
}

/** Opens the socket the way a screen does: by subscribing. */
function open(client: RealtimeClient) {
  return client.on('post:new', () => undefined);
}

describe('RealtimeClient', () => {
  it('opens the socket lazily, once, with the token', () => {
    const { client, socket } = setup('tok-1');
    expect(socket.connects).toHaveLength(0);
    open(client);
    client.on('message:new', () => undefined);
    expect(socket.connects).toEqual([{ token: 'tok-1' }]);
  });

  it("sends the page's language with the token, so the server answers in it (a member who chose English on a Turkish browser)", () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'en';
    try {
      const { client, socket } = setup('tok-en');
      open(client);
      expect(socket.connects).toEqual([{ token: 'tok-en', lang: 'en' }]);
      const guest = setup(null);
      open(guest.client);
      expect(guest.socket.connects).toEqual([{ lang: 'en' }]);
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('sends watched posts in batches of at most 200 after the 200 ms window', () => {
    vi.useFakeTimers();
    const { client, socket } = setup();
    open(client);
    for (let i = 0; i < 450; i += 1) client.watchPost(uuid(i));
    vi.advanceTimersByTime(WATCH_FLUSH_MS - 1);
    expect(socket.watched()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.watched().map((ids) => ids.length)).toEqual([200, 200, 50]);
    expect(new Set(socket.watched().flat()).size).toBe(450);
  });

  it('counts watchers: a post leaves its room when the last one goes; nothing for a blink', () => {
    vi.useFakeTimers();
    const { client, socket } = setup();
    open(client);
    client.watchPost(uuid(1));
    client.watchPost(uuid(1));
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.watched()).toEqual([[uuid(1)]]);
    client.unwatchPost(uuid(1));
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.unwatched()).toEqual([]);
    client.unwatchPost(uuid(1));
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.unwatched()).toEqual([[uuid(1)]]);
    // Watched and unwatched within one window: the server hears nothing.
    client.watchPost(uuid(2));
    client.unwatchPost(uuid(2));
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.watched()).toEqual([[uuid(1)]]);
    // Malformed ids would make the server refuse the whole call: they are not sent.
    client.watchPost('p1');
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.watched()).toEqual([[uuid(1)]]);
  });

  it('watches a post only while its element is on screen', () => {
    vi.useFakeTimers();
    let callback: IntersectionObserverCallback = () => undefined;
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { client, socket } = setup();
    open(client);
    const element = document.createElement('article');
    const seen = (isIntersecting: boolean) =>
      callback(
        [{ target: element, isIntersecting } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    const stop = client.observePost(element, uuid(7));
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.watched()).toEqual([]);
    seen(true);
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.watched()).toEqual([[uuid(7)]]);
    seen(false);
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(socket.unwatched()).toEqual([[uuid(7)]]);
    seen(true);
    stop();
    vi.advanceTimersByTime(WATCH_FLUSH_MS);
    expect(client.watchedPosts()).toEqual([]);
  });

  it('asks for a feed once however many screens show it, and stops when the last one goes', () => {
    const { client, socket } = setup();
    client.watchFeed('home');
    client.watchFeed('home');
    expect(socket.feeds()).toEqual([['watch', 'home']]);
    client.unwatchFeed('home');
    expect(socket.feeds()).toEqual([['watch', 'home']]);
    client.unwatchFeed('home');
    client.unwatchFeed('home');
    expect(socket.feeds()).toEqual([
      ['watch', 'home'],
      ['unwatch', 'home'],
    ]);
    expect(client.watchedFeeds()).toEqual([]);
  });

  it('sends the feeds on screen with every connect, none while disconnected', () => {
    const fake = createFakeSocket({ autoConnect: false });
    const client = new RealtimeClient({ createSocket: fake.factory, token: null });
    client.watchFeed('home');
    expect(fake.socket.feeds()).toEqual([]);
    fake.socket.connected = true;
    fake.socket.fire('connect');
    expect(fake.socket.feeds()).toEqual([['watch', 'home']]);
    fake.socket.connected = false;
    fake.socket.fire('disconnect', 'transport close');
    client.unwatchFeed('home');
    client.watchFeed('home');
    fake.socket.connected = true;
    fake.socket.fire('connect');
    expect(fake.socket.feeds()).toEqual([
      ['watch', 'home'],
      ['watch', 'home'],
    ]);
  });

  it('signals a resync after a reconnect (not on the first connect) and watches again', () => {
    const { client, socket } = setup();
    const resync = vi.fn();
    client.onResync(resync);
    client.watchPost(uuid(1));
    expect(resync).not.toHaveBeenCalled();
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    socket.connected = true;
    socket.fire('connect');
    expect(resync).toHaveBeenCalledTimes(1);
    expect(socket.watched()).toContainEqual([uuid(1)]);
  });

  it('reconnects with the new token after login or logout, without a resync', () => {
    const { client, socket } = setup(null);
    const resync = vi.fn();
    client.onResync(resync);
    client.setToken('tok-new');
    client.setToken(null);
    expect(socket.connects).toEqual([{}, { token: 'tok-new' }, {}]);
    expect(resync).not.toHaveBeenCalled();
  });

  it('drops a refused token and carries on as a guest', () => {
    const { client, socket } = setup('tok-bad');
    const onUnauthorized = vi.fn();
    client.onUnauthorized = onUnauthorized;
    open(client);
    socket.fire('connect_error', new Error('unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(socket.connects).toEqual([{ token: 'tok-bad' }, {}]);
  });

  it('keeps the token and retries later when the server could not check it', () => {
    vi.useFakeTimers();
    const { client, socket } = setup('tok');
    const onUnauthorized = vi.fn();
    client.onUnauthorized = onUnauthorized;
    open(client);
    socket.connected = false;
    socket.fire('connect_error', new Error('unavailable'));
    expect(socket.connects).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toEqual([{ token: 'tok' }, { token: 'tok' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('after the server ends the connection, asks again once: a dead token is then dropped like a 401', () => {
    vi.useFakeTimers();
    const { client, socket } = setup('tok-reset');
    const onUnauthorized = vi.fn();
    client.onUnauthorized = onUnauthorized;
    open(client);
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toEqual([{ token: 'tok-reset' }, { token: 'tok-reset' }]);
    // The handshake refuses the token whose session ended: signed out, carried on as a guest.
    socket.connected = false;
    socket.fire('connect_error', new Error('unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(socket.connects.at(-1)).toEqual({});
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toHaveLength(3);
  });

  it('does not reconnect by hand after its own or a transport disconnect (socket.io-client does)', () => {
    vi.useFakeTimers();
    const { client, socket } = setup('tok');
    open(client);
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    socket.fire('disconnect', 'io client disconnect');
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toHaveLength(1);
  });

  it('reconnects at once when the browser comes back online, not after the back-off', () => {
    vi.useFakeTimers();
    const { client, socket } = setup('tok');
    const resyncs = vi.fn();
    client.onResync(resyncs);
    open(client);
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    const disconnects = vi.spyOn(socket, 'disconnect');
    window.dispatchEvent(new Event('online'));
    // socket.io-client's pending back-off is dropped (disconnect) and a new attempt starts now.
    expect(disconnects).toHaveBeenCalledTimes(1);
    expect(socket.connects).toHaveLength(2);
    expect(socket.connected).toBe(true);
    expect(resyncs).toHaveBeenCalledTimes(1);
    // Online again while connected: nothing to do.
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toHaveLength(2);
    // A closed client no longer listens.
    client.dispose();
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toHaveLength(2);
  });

  it('retries a refusal over the connection caps later, waiting longer each time', () => {
    vi.useFakeTimers();
    // A refused handshake never connects.
    const fake = createFakeSocket({ autoConnect: false });
    const client = new RealtimeClient({ createSocket: fake.factory, token: 'tok' });
    const socket = fake.socket;
    open(client);
    socket.fire('connect_error', new Error('too_many_connections'));
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toHaveLength(2);
    socket.fire('connect_error', new Error('too_many_connections'));
    vi.advanceTimersByTime(1_999);
    expect(socket.connects).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toHaveLength(3);
  });
});

describe('SocketProvider', () => {
  function Probe() {
    const { logout } = useAuth();
    const [events, setEvents] = useState(0);
    useSocketEvent('post:new', () => setEvents((n) => n + 1));
    return (
      <>
        <output data-testid="events">{events}</output>
        <button type="button" onClick={logout}>
          çıkış
        </button>
      </>
    );
  }

  it('delivers events to subscribers and reconnects as a guest on logout', async () => {
    const fake = createFakeSocket();
    renderWithProviders(<Probe />, { user: member, socket: fake.factory });
    await screen.findByRole('button', { name: 'çıkış' });
    await waitFor(() => expect(fake.socket.connects).toEqual([{ token: 'tok-test' }]));
    await fake.socket.serverEmit('post:new', { post: {} });
    expect(screen.getByTestId('events').textContent).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'çıkış' }));
    await act(async () => undefined);
    expect(fake.socket.connects).toEqual([{ token: 'tok-test' }, {}]);
  });

  it('logs the session out when the server refuses the token', async () => {
    const fake = createFakeSocket();
    renderWithProviders(<Probe />, { user: member, socket: fake.factory });
    await screen.findByRole('button', { name: 'çıkış' });
    await fake.socket.refuse('unauthorized');
    // The sign-out and the guest reconnect follow a render or two later; on a busy machine the
    // first read can come before them.
    await waitFor(() => {
      expect(localStorage.getItem('gundem_token')).toBeNull();
      expect(fake.socket.connects.at(-1)).toEqual({});
    });
  });
});
