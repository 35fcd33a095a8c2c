// A stand-in for socket.io-client's Socket: tests drive server events by hand and read what the
// client sent. Plugged in through <SocketProvider createSocket> (renderWithProviders' `socket`).
import { act } from '@testing-library/react';
import type { SocketAuth, SocketFactory, SocketLike } from '../lib/realtime/socket-client';

type Handler = (...args: unknown[]) => void;

export interface SentEvent {
  event: string;
  args: unknown[];
}

export interface FakeSocket extends SocketLike {
  connected: boolean;
  id: string;
  /** Every `emit` of the client, acks excluded. */
  sent: SentEvent[];
  /** How often the client asked to connect, and the auth of each attempt. */
  connects: SocketAuth[];
  /**
   * The server sends `event`. Awaited: React Query tells its observers on a later tick, so this
   * waits one tick inside act() for the screen to show the change.
   */
  serverEmit: (event: string, payload?: unknown) => Promise<void>;
  /** The connection drops (transport close); `reconnect` brings it back. */
  drop: () => Promise<void>;
  reconnect: () => Promise<void>;
  /** The handshake is refused with this message (`unauthorized`, `unavailable`). */
  refuse: (message: string) => Promise<void>;
  /** Fires a socket event synchronously, outside act (for tests of the client alone). */
  fire: (event: string, ...args: unknown[]) => void;
  /** Ids sent with `posts:watch` / `posts:unwatch`, in order. */
  watched: () => string[][];
  unwatched: () => string[][];
  /** `feed:watch` / `feed:unwatch` calls in order, e.g. `['watch', 'home']`. */
  feeds: () => Array<[string, string]>;
}

export function createFakeSocket(options: { autoConnect?: boolean } = {}) {
  const { autoConnect = true } = options;
  const handlers = new Map<string, Set<Handler>>();
  let getAuth: () => SocketAuth = () => ({});

  const fire = (event: string, ...args: unknown[]) => {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
  };
  const settle = (run: () => void) =>
    act(async () => {
      run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

  const socket: FakeSocket = {
    connected: false,
    id: 'sock-test',
    sent: [],
    connects: [],
    on(event, listener) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(listener as Handler);
      return socket;
    },
    off(event, listener) {
      if (listener) handlers.get(event)?.delete(listener as Handler);
      else handlers.delete(event);
      return socket;
    },
    emit(event, ...args) {
      const ack = args.at(-1);
      const payload = typeof ack === 'function' ? args.slice(0, -1) : args;
      socket.sent.push({ event, args: payload });
      if (typeof ack === 'function') ack({ ok: true, watching: 0 });
      return socket;
    },
    connect() {
      socket.connects.push(getAuth());
      if (!autoConnect) return socket;
      socket.connected = true;
      fire('connect');
      return socket;
    },
    disconnect() {
      if (!socket.connected) return socket;
      socket.connected = false;
      fire('disconnect', 'io client disconnect');
      return socket;
    },
    fire,
    serverEmit: (event, payload) => settle(() => fire(event, payload)),
    drop: () =>
      settle(() => {
        socket.connected = false;
        fire('disconnect', 'transport close');
      }),
    reconnect: () =>
      settle(() => {
        socket.connected = true;
        fire('connect');
      }),
    refuse: (message) =>
      settle(() => {
        socket.connected = false;
        fire('connect_error', new Error(message));
      }),
    watched: () =>
      socket.sent.filter((s) => s.event === 'posts:watch').map((s) => s.args[0] as string[]),
    unwatched: () =>
      socket.sent.filter((s) => s.event === 'posts:unwatch').map((s) => s.args[0] as string[]),
    feeds: () =>
      socket.sent
        .filter((s) => s.event === 'feed:watch' || s.event === 'feed:unwatch')
        .map((s) => [s.event.slice(5), (s.args[0] as { feed: string }).feed]),
  };

  const factory: SocketFactory = (auth) => {
    getAuth = auth;
    return socket;
  };
  return { socket, factory };
}
