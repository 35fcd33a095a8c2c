import { createHmac } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents, WatchResult } from '../src/realtime/realtime.types';
import type { PostNewEvent } from '@gundem/contract';

/**
 * socket.io-client helpers for API tests against `TestApp.listen()`. Every wait is bounded, and
 * absence is asserted after a round trip on the same connection (events arrive in order).
 */
export type ClientSocket = Socket;

const open = new Set<Socket>();

/**
 * Connects over WebSocket only; rejects with the `connect_error` (its message, and `data` when
 * the server's middleware gave some) when refused. `headers` go on the HTTP upgrade request
 * (Origin, X-Forwarded-For, Accept-Language), as a browser or a proxy would send them; `extra`
 * adds handshake `auth` fields beside the token (`lang`) and query parameters.
 */
export function connectSocket(
  url: string,
  token?: string,
  timeoutMs = 5_000,
  headers?: Record<string, string>,
  extra: { auth?: Record<string, unknown>; query?: Record<string, string> } = {},
): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: { ...extra.auth, ...(token === undefined ? {} : { token }) },
    ...(extra.query ? { query: extra.query } : {}),
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
    ...(headers ? { extraHeaders: headers } : {}),
  });
  open.add(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket did not connect in ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

/** What the server sends with `event` (docs/wire-contract.md#socketio, typed in realtime.types.ts). */
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** The next `event` on the socket (its first argument): typed for the app's events, `T` for others such as `disconnect`. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: Socket, event: E, timeoutMs?: number): Promise<Payload<E>>;
export function nextEvent<T>(socket: Socket, event: string, timeoutMs?: number): Promise<T>;
export function nextEvent(socket: Socket, event: string, timeoutMs = 3_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no "${event}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler);
  });
}

/** Every `event` the socket receives from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: Socket, event: E): Payload<E>[];
export function collect<T>(socket: Socket, event: string): T[];
export function collect(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

/** Emits with an ack and resolves with the server's answer. */
export function request<T = WatchResult>(socket: Socket, event: string, ...args: unknown[]): Promise<T> {
  return socket.timeout(3_000).emitWithAck(event, ...args) as Promise<T>;
}

/** A round trip: everything the server sent this socket before it has arrived once this resolves. */
export async function roundTrip(socket: Socket): Promise<void> {
  await request(socket, 'posts:unwatch', []);
}

export function closeAllSockets(): void {
  for (const socket of open) socket.close();
  open.clear();
}

/** An HS256 JWT with any claims, signed with `secret` (e.g. the app's, to make a token without `exp`). */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The next `post:new` on `socket` holding post `id`, and every `post:new` seen until then. */
export function postNewUntil(socket: Socket, id: string, timeoutMs = 10_000): Promise<PostNewEvent[]> {
  const seen: PostNewEvent[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('post:new', handler);
      reject(new Error(`no post:new with ${id} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (event: PostNewEvent) => {
      seen.push(event);
      if (!event.posts.some((p) => p.id === id)) return;
      clearTimeout(timer);
      socket.off('post:new', handler);
      resolve(seen);
    };
    socket.on('post:new', handler);
  });
}

/** The ids of every post in some `post:new` events. */
export const postIds = (events: PostNewEvent[]): string[] => events.flatMap((e) => e.posts.map((p) => p.id));

/** The refusal of a handshake (`connect_error`), with the middleware's `data`; fails when the connection was accepted. */
export async function refusal(promise: Promise<unknown>): Promise<{ message: string; data?: { message?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as { message: string; data?: { message?: string } };
  }
  throw new Error('the connection was accepted');
}
