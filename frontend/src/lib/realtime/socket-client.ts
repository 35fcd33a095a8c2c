// The one Socket.IO connection of a tab (docs/wire-contract.md#socketio), without
// React: the wire's events (from the contract), the connection, the watched posts and feeds, and
// the resync signal. It is opened lazily, on the first subscription or watched post, with the
// session's token; a login or logout reconnects it with the new one. Events are lost while
// disconnected, so every `connect` after the first one (for the same session) raises a "resync"
// signal: features then refetch what they may have missed. React glue: ./hooks.tsx.
import {
  CONNECT_ERRORS,
  type FeedName,
  type FeedResult,
  MAX_WATCH_IDS_PER_CALL,
  type ServerToClientEvents,
  type WatchResult,
} from '@gundem/contract';

// ---------- Wire shapes (the contract's) ----------

export type {
  ClientToServerEvents,
  FeedName,
  FeedResult,
  MessageNewEvent,
  MessageReadEvent,
  MessageTypingEvent,
  NotificationNewEvent,
  NotificationReadEvent,
  PostDeletedEvent,
  PostEngagementEvent,
  PostNewEvent,
  PostReplyEvent,
  PostUpdatedEvent,
  ProfileUpdatedEvent,
  ServerToClientEvents,
  WatchResult,
} from '@gundem/contract';

export type ServerEventName = keyof ServerToClientEvents;

/** docs/wire-contract.md#postswatch: at most 200 ids per `posts:watch` call. */
export const WATCH_BATCH_SIZE = MAX_WATCH_IDS_PER_CALL;
/** Watch changes gathered over this window go out as one call. */
export const WATCH_FLUSH_MS = 200;

/** `connect_error` messages the server sends from its handshake check. */
export const UNAUTHORIZED = CONNECT_ERRORS.unauthorized;
export const UNAVAILABLE = CONNECT_ERRORS.unavailable;
/** Too many connections from this address or account (other tabs): retried later. */
export const TOO_MANY_CONNECTIONS = CONNECT_ERRORS.tooManyConnections;
/**
 * `disconnect` reason when the server ended the connection: the session ended (password reset,
 * deactivation, role change, token expiry) or the tab flooded it. socket.io-client does not
 * reconnect by itself after it.
 */
const SERVER_DISCONNECT = 'io server disconnect';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

// The server refuses a whole `posts:watch` call over one malformed id: send only real post ids.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The connection as a screen tells it: `idle` before the first connection of the session,
 * `connected`, or `down` (lost, or never made: socket.io-client or the client retries).
 */
export type SocketStatus = 'idle' | 'connected' | 'down';

// ---------- The socket ----------

type Listener = (...args: never[]) => void;

/** What the client needs of a socket.io-client `Socket`; tests pass a fake with the same shape. */
export interface SocketLike {
  readonly connected: boolean;
  readonly id?: string;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener?: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface SocketAuth {
  token?: string;
  /**
   * The page's language (`<html lang>`, `en` once the member chose English): the server answers
   * this connection's acks and refusals in it (docs/wire-contract.md#handshake). Sent at every
   * connection attempt; choosing another language reloads the page, so a new connection.
   */
  lang?: string;
}

/** The handshake's `auth`: the session's token when signed in, and the page's language when it has one. */
export function socketAuth(token: string | null): SocketAuth {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return { ...(token ? { token } : {}), ...(lang ? { lang } : {}) };
}

/** Makes the (not yet connected) socket; `auth` is asked again on every connection attempt. */
export type SocketFactory = (auth: () => SocketAuth) => SocketLike;

/** How long the socket may wait for an idle moment of the page before it loads anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `task` once the browser is idle (or after IDLE_TIMEOUT_MS): a guest's first screen's
 * render, layout and paint come before the socket library is fetched, evaluated and connected
 * (issue 13: they were long tasks in the same second as the first feed on a phone's CPU). The
 * socket's listeners and wanted state are queued meanwhile.
 */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(task, 0);
  }
}

/**
 * A real socket.io-client socket whose library is fetched on first use: socket.io-client and
 * engine.io are ~14 KB gzip that a first page does not need before it has shown the feed
 * (issue 13: a guest's `/` within 120 KB of JS). Until the module is there, listeners are kept in
 * order and `connect()`/`disconnect()` only record what is wanted; then everything goes to the
 * socket and later calls go straight through. A failed download (offline) is tried again.
 */
class DeferredSocket implements SocketLike {
  private socket: SocketLike | null = null;
  private readonly pending: Array<(socket: SocketLike) => void> = [];
  private wantConnected = false;
  /** After a failed download: fetches again now rather than at the back-off's timer. */
  private retryLoad: (() => void) | null = null;

  constructor(private readonly auth: () => SocketAuth) {
    // A member's badges and notifications are read once at load and then kept by the socket's
    // absolute totals: an event sent before the first connection would be missed (no resync
    // follows a first connection), so a member's socket does not wait. A guest's live part is
    // the new-posts pill and the counts of posts on screen, which a later start only delays.
    if (auth().token) this.load(0);
    else whenIdle(() => this.load(0));
  }

  private load(attempt: number): void {
    import('socket.io-client').then(
      ({ io }) => {
        const socket = io({
          path: '/socket.io',
          transports: ['websocket', 'polling'],
          autoConnect: false,
          auth: (cb) => cb(this.auth()),
        }) as unknown as SocketLike;
        for (const apply of this.pending.splice(0)) apply(socket);
        this.socket = socket;
        if (this.wantConnected) socket.connect();
      },
      () => {
        const retry = () => {
          this.retryLoad = null;
          this.load(attempt + 1);
        };
        const timer = setTimeout(retry, Math.min(1_000 * 2 ** attempt, 30_000));
        this.retryLoad = () => {
          clearTimeout(timer);
          retry();
        };
      },
    );
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  get id(): string | undefined {
    return this.socket?.id;
  }

  on(event: string, listener: Listener): this {
    if (this.socket) this.socket.on(event, listener);
    else this.pending.push((socket) => socket.on(event, listener));
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (this.socket) this.socket.off(event, listener);
    else this.pending.push((socket) => socket.off(event, listener));
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    // The client emits only once connected, so this is never queued in practice; keep order anyway.
    if (this.socket) this.socket.emit(event, ...args);
    else this.pending.push((socket) => socket.emit(event, ...args));
    return this;
  }

  connect(): this {
    if (this.socket) this.socket.connect();
    else {
      this.wantConnected = true;
      // Asked again (back online): the library's download is tried at once.
      this.retryLoad?.();
    }
    return this;
  }

  disconnect(): this {
    if (this.socket) this.socket.disconnect();
    else this.wantConnected = false;
    return this;
  }
}

/** The real socket: same origin, path /socket.io, WebSocket first with polling as fallback. */
export const createBrowserSocket: SocketFactory = (auth) => new DeferredSocket(auth);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface RealtimeClientOptions {
  createSocket?: SocketFactory;
  token?: string | null;
}

/**
 * Owns the tab's socket: one dispatcher per server event subscribed to, feeding the subscribers, the set of
 * watched posts (reference-counted, sent in batches, sent again after every reconnect), the
 * feeds on screen (reference-counted, sent again after every reconnect), and the resync signal.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly createSocket: SocketFactory;
  private token: string | null;
  private readonly handlers = new Map<ServerEventName, Set<Listener>>();
  private readonly resyncHandlers = new Set<() => void>();
  private readonly statusHandlers = new Set<(status: SocketStatus) => void>();
  private currentStatus: SocketStatus = 'idle';
  /** Whether this session's socket has been connected before: the next `connect` is a gap. */
  private connectedBefore = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = RETRY_MIN_MS;

  private readonly watchCounts = new Map<string, number>();
  private readonly feedCounts = new Map<FeedName, number>();
  private readonly pendingWatch = new Set<string>();
  private readonly pendingUnwatch = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  private observer: IntersectionObserver | null = null;
  private readonly observed = new Map<Element, string>();
  private readonly visible = new Set<Element>();

  /** Called when the server refuses the token; the session then drops it. */
  onUnauthorized: (() => void) | null = null;

  constructor({ createSocket = createBrowserSocket, token = null }: RealtimeClientOptions = {}) {
    this.createSocket = createSocket;
    this.token = token;
  }

  /** The socket's id, for the `X-Socket-Id` header (no echo of the tab's own message). */
  get socketId(): string | undefined {
    return this.socket?.connected ? this.socket.id : undefined;
  }

  get connected(): boolean {
    return Boolean(this.socket?.connected);
  }

  /** Subscribes to a server event; returns the unsubscribe function. */
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      this.handlers.set(event, (set = new Set()));
      // The socket listens to the events something subscribed to (each once, as it never closes).
      if (this.socket) this.listen(this.socket, event);
    }
    const listener = handler as Listener;
    set.add(listener);
    this.ensureSocket();
    return () => {
      set.delete(listener);
    };
  }

  /** Runs `handler` after a reconnect, when events may have been missed. */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    this.ensureSocket();
    return () => {
      this.resyncHandlers.delete(handler);
    };
  }

  /** See SocketStatus. */
  get status(): SocketStatus {
    return this.currentStatus;
  }

  /** Calls `handler` with every change of `status`; returns the unsubscribe function. */
  onStatus(handler: (status: SocketStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => {
      this.statusHandlers.delete(handler);
    };
  }

  private setStatus(status: SocketStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const handler of [...this.statusHandlers]) handler(status);
  }

  /** The session changed: reconnect with the new token (null: as a guest). */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    // A new identity starts afresh: its first connection is not a gap to fill.
    this.connectedBefore = false;
    this.clearRetry();
    if (this.socket) {
      this.socket.disconnect();
      this.socket.connect();
    }
  }

  /**
   * Closes the socket (the provider unmounted); a later subscription opens a new one. The
   * watched set stays: it mirrors what is mounted, and mounted posts clean up after themselves.
   */
  dispose(): void {
    this.clearRetry();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pendingWatch.clear();
    this.pendingUnwatch.clear();
    const socket = this.socket;
    this.socket = null;
    this.connectedBefore = false;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    socket?.disconnect();
    this.setStatus('idle');
  }

  // ---------- Chat ----------

  /**
   * Tells `to` that this member is typing to them (`message:typing`, docs/wire-contract.md#messagetyping);
   * false when not connected (nothing is queued: typing is a hint of the moment). Refusals are
   * silent: no ack is asked for.
   */
  sendTyping(to: string): boolean {
    const socket = this.socket;
    if (!socket?.connected) return false;
    socket.emit('message:typing', { to });
    return true;
  }

  // ---------- Feeds on screen ----------

  /**
   * Counts one more screen showing `feed`; the first one asks the server for its `post:new`
   * batches (the server sends them only to connections that said so).
   */
  watchFeed(feed: FeedName): void {
    const count = this.feedCounts.get(feed) ?? 0;
    this.feedCounts.set(feed, count + 1);
    if (count > 0) return;
    // Not connected yet: `connect` sends every feed on screen.
    if (this.socket?.connected) this.sendFeed(this.socket, 'feed:watch', feed);
    else this.ensureSocket();
  }

  /** Counts one screen less; the last one stops the feed's `post:new`. */
  unwatchFeed(feed: FeedName): void {
    const count = this.feedCounts.get(feed);
    if (!count) return;
    if (count > 1) {
      this.feedCounts.set(feed, count - 1);
      return;
    }
    this.feedCounts.delete(feed);
    if (this.socket?.connected) this.sendFeed(this.socket, 'feed:unwatch', feed);
  }

  /**
   * Asks the server again for a feed on screen: `following` rejoins its authors' rooms as the
   * member's follows now stand (after a follow or unfollow). Nothing when no screen shows it:
   * the next watch reads the follows anyway.
   */
  refreshFeed(feed: FeedName): void {
    if (!this.feedCounts.get(feed)) return;
    if (this.socket?.connected) this.sendFeed(this.socket, 'feed:watch', feed);
  }

  /** Feeds currently on screen (for tests and debugging). */
  watchedFeeds(): FeedName[] {
    return [...this.feedCounts.keys()];
  }

  private sendFeed(socket: SocketLike, event: 'feed:watch' | 'feed:unwatch', feed: FeedName): void {
    socket.emit(event, { feed }, (result: FeedResult) => {
      if (result && !result.ok) console.warn(`${event} reddedildi`, result.message);
    });
  }

  // ---------- Watched posts ----------

  /** Counts one more watcher of `postId`; the first one joins the post's room. */
  watchPost(postId: string): void {
    if (!UUID.test(postId)) return;
    const count = this.watchCounts.get(postId) ?? 0;
    this.watchCounts.set(postId, count + 1);
    if (count > 0) return;
    // Still watched on the server if an unwatch had not gone out yet.
    if (!this.pendingUnwatch.delete(postId)) this.pendingWatch.add(postId);
    this.ensureSocket();
    this.scheduleFlush();
  }

  /** Counts one watcher less; the last one leaves the post's room. */
  unwatchPost(postId: string): void {
    const count = this.watchCounts.get(postId);
    if (!count) return;
    if (count > 1) {
      this.watchCounts.set(postId, count - 1);
      return;
    }
    this.watchCounts.delete(postId);
    if (!this.pendingWatch.delete(postId)) this.pendingUnwatch.add(postId);
    this.scheduleFlush();
  }

  /** Post ids currently watched (for tests and debugging). */
  watchedPosts(): string[] {
    return [...this.watchCounts.keys()];
  }

  /**
   * Watches `postId` while `element` is on screen (IntersectionObserver); returns the cleanup.
   * Without IntersectionObserver the post is watched as long as it is mounted.
   */
  observePost(element: Element, postId: string): () => void {
    const observer = this.getObserver();
    if (!observer) {
      this.watchPost(postId);
      return () => this.unwatchPost(postId);
    }
    this.observed.set(element, postId);
    observer.observe(element);
    return () => {
      observer.unobserve(element);
      const id = this.observed.get(element);
      this.observed.delete(element);
      if (id !== undefined && this.visible.delete(element)) this.unwatchPost(id);
    };
  }

  private getObserver(): IntersectionObserver | null {
    if (typeof IntersectionObserver === 'undefined') return null;
    if (!this.observer) {
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          const id = this.observed.get(entry.target);
          if (id === undefined) continue;
          if (entry.isIntersecting && !this.visible.has(entry.target)) {
            this.visible.add(entry.target);
            this.watchPost(id);
          } else if (!entry.isIntersecting && this.visible.delete(entry.target)) {
            this.unwatchPost(id);
          }
        }
      });
    }
    return this.observer;
  }

  private scheduleFlush(): void {
    // A window, not a pure debounce: a long scroll still sends every 200 ms.
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, WATCH_FLUSH_MS);
  }

  private flush(): void {
    const socket = this.socket;
    const watch = [...this.pendingWatch];
    const unwatch = [...this.pendingUnwatch];
    this.pendingWatch.clear();
    this.pendingUnwatch.clear();
    // A socket that is not connected has no rooms: `connect` sends the whole set.
    if (!socket?.connected) return;
    this.send(socket, 'posts:unwatch', unwatch);
    this.send(socket, 'posts:watch', watch);
  }

  private send(socket: SocketLike, event: 'posts:watch' | 'posts:unwatch', ids: string[]): void {
    for (const batch of chunks(ids, WATCH_BATCH_SIZE)) {
      socket.emit(event, batch, (result: WatchResult) => {
        if (result && !result.ok) console.warn(`${event} reddedildi`, result.message);
      });
    }
  }

  // ---------- Connection ----------

  /**
   * Back online (the `online` event): connect now. socket.io-client would wait out its back-off
   * first (up to 5 s, and our own retry up to 30 s); `disconnect()` drops its pending attempt and
   * resets the back-off, `connect()` starts a new one at once (socket.io-client 4.8 Manager).
   */
  private readonly onOnline = (): void => {
    const socket = this.socket;
    if (!socket || socket.connected) return;
    this.clearRetry();
    socket.disconnect();
    socket.connect();
  };

  private ensureSocket(): void {
    if (this.socket) return;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    const socket = this.createSocket(() => socketAuth(this.token));
    this.socket = socket;
    for (const event of this.handlers.keys()) this.listen(socket, event);
    socket.on('connect', () => this.onConnect(socket));
    socket.on('connect_error', ((error: Error) => this.onConnectError(socket, error)) as Listener);
    socket.on('disconnect', ((reason: string) => {
      if (socket === this.socket) this.setStatus('down');
      // Like a 401 on HTTP: the next handshake tells whether the token still holds. A dead one is
      // refused (`unauthorized`: the session drops it, see onConnectError); a live one (a role
      // change) connects again and fills the gap.
      if (socket === this.socket && reason === SERVER_DISCONNECT) this.retryLater(socket);
    }) as Listener);
    socket.connect();
  }

  private listen(socket: SocketLike, event: ServerEventName): void {
    socket.on(event, ((payload: unknown) => this.dispatch(event, payload)) as Listener);
  }

  private dispatch(event: ServerEventName, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (error) {
        console.error(`${event} işlenemedi`, error);
      }
    }
  }

  private onConnect(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.retryDelay = RETRY_MIN_MS;
    // A new connection is in no room yet: watch everything on screen again, at once.
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pendingWatch.clear();
    this.pendingUnwatch.clear();
    this.send(socket, 'posts:watch', [...this.watchCounts.keys()]);
    for (const feed of this.feedCounts.keys()) this.sendFeed(socket, 'feed:watch', feed);
    const gap = this.connectedBefore;
    this.connectedBefore = true;
    this.setStatus('connected');
    if (!gap) return;
    for (const handler of [...this.resyncHandlers]) {
      try {
        handler();
      } catch (error) {
        console.error('Yeniden eşitleme başarısız oldu', error);
      }
    }
  }

  private onConnectError(socket: SocketLike, error: Error): void {
    if (socket !== this.socket) return;
    if (!socket.connected) this.setStatus('down');
    const reason = error?.message;
    if (reason === UNAUTHORIZED && this.token) {
      // The token is refused: drop it as the session does, and carry on as a guest.
      this.token = null;
      this.connectedBefore = false;
      this.onUnauthorized?.();
      socket.connect();
      return;
    }
    if (reason === UNAUTHORIZED || reason === UNAVAILABLE || reason === TOO_MANY_CONNECTIONS) {
      // Refused by the handshake: socket.io does not retry by itself. Keep the token, retry later.
      this.retryLater(socket);
    }
    // Transport errors: socket.io-client reconnects on its own.
  }

  /** Connects again after a growing delay (1 s, doubling up to 30 s; reset by a `connect`). */
  private retryLater(socket: SocketLike): void {
    // Only the pending timer goes: clearRetry would also reset the delay, which must keep growing.
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket === socket && !socket.connected) socket.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryDelay = RETRY_MIN_MS;
  }
}
