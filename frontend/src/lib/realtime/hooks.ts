// The tab's RealtimeClient for React: one per <SocketProvider>, following the session's token,
// and the hooks features subscribe with (events, resync, watched feeds and posts).
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { getToken } from '../api-client';
import { useAuth } from '../auth';
import type {
  FeedName,
  RealtimeClient,
  ServerEventName,
  ServerToClientEvents,
  SocketFactory,
  SocketStatus,
} from './socket-client';

const SocketContext = createContext<RealtimeClient | null>(null);

type RealtimeModule = typeof import('./socket-client');
let realtimeModule: RealtimeModule | null = null;
let realtimeLoading: Promise<RealtimeModule> | null = null;

/**
 * The client's module (./socket-client.ts), fetched once: a chunk of its own, not part of what a
 * first page loads (issue 26's JS budget: ~2 KB gzip a guest's `/` does not need to paint or
 * hydrate; it comes right after, as the socket library always did). A failed fetch is asked again
 * on the next call. main.tsx asks for it at start when a token is stored, beside the session check.
 */
export function loadRealtime(): Promise<RealtimeModule> {
  realtimeLoading ??= import('./socket-client').then(
    (module) => (realtimeModule = module),
    (error: unknown) => {
      realtimeLoading = null;
      throw error;
    },
  );
  return realtimeLoading;
}

/** How long after a failed fetch of the client's module (offline) the provider asks again. */
const RELOAD_MS = 5_000;

export interface SocketProviderProps {
  children?: ReactNode;
  /** Tests inject a fake socket here; the app uses socket.io-client. */
  createSocket?: SocketFactory;
}

/**
 * One RealtimeClient for the tab, following the session's token. Inside <AuthProvider>. Until the
 * client's module has arrived (loadRealtime) there is none: the hooks below then do nothing, and
 * subscribe when it comes (on the server, and in a hydrating render, there is none either).
 */
export function SocketProvider({ children, createSocket }: SocketProviderProps) {
  const { status, user, logout } = useAuth();
  const [client, setClient] = useState<RealtimeClient | null>(() =>
    realtimeModule ? new realtimeModule.RealtimeClient({ createSocket, token: getToken() }) : null,
  );
  const userId = user?._id ?? user?.id ?? null;

  useEffect(() => {
    if (client) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      loadRealtime().then(
        (module) => live && setClient(new module.RealtimeClient({ createSocket, token: getToken() })),
        () => {
          if (live) timer = setTimeout(load, RELOAD_MS);
        },
      );
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, createSocket]);

  useEffect(() => {
    // While a stored token is being checked nothing is rendered that could subscribe.
    if (!client || status === 'loading') return;
    client.setToken(status === 'authenticated' ? getToken() : null);
  }, [client, status, userId]);

  useEffect(() => {
    if (!client) return;
    client.onUnauthorized = logout;
    return () => {
      client.onUnauthorized = null;
    };
  }, [client, logout]);

  useEffect(() => () => client?.dispose(), [client]);

  return createElement(SocketContext.Provider, { value: client }, children);
}

/** The tab's realtime client; null outside a <SocketProvider> (then nothing is live). */
export function useRealtime(): RealtimeClient | null {
  return useContext(SocketContext);
}

/** Keeps the latest `value` in a ref without re-subscribing. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls `handler` for every `event` while the component is mounted. */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const client = useRealtime();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!client) return;
    const listener = ((payload: never) =>
      (latest.current as (payload: never) => void)(payload)) as ServerToClientEvents[E];
    return client.on(event, listener);
  }, [client, event, latest]);
}

/** Calls `handler` after each reconnect (a gap in the events), while mounted. */
export function useSocketResync(handler: () => void): void {
  const client = useRealtime();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!client) return;
    return client.onResync(() => latest.current());
  }, [client, latest]);
}

/** While mounted, the server sends this tab the feed's new posts (`post:new`). */
export function useWatchedFeed(feed: FeedName): void {
  const client = useRealtime();
  useEffect(() => {
    if (!client) return;
    client.watchFeed(feed);
    return () => client.unwatchFeed(feed);
  }, [client, feed]);
}

/** A callback ref: the post's live counts are watched while its element is on screen. */
export function useWatchedPost(postId: string | null | undefined) {
  const client = useRealtime();
  return useCallback(
    (element: Element | null) => {
      if (!element || !client || !postId) return;
      return client.observePost(element, postId);
    },
    [client, postId],
  );
}

const noClient = () => () => undefined;

/** The tab's socket status (see SocketStatus); `idle` outside a <SocketProvider>. */
export function useSocketStatus(): SocketStatus {
  const client = useRealtime();
  const subscribe = useCallback(
    (notify: () => void) => (client ? client.onStatus(notify) : noClient()),
    [client],
  );
  // No socket on the server (entry-server.tsx), nor yet in a guest's hydrating render.
  return useSyncExternalStore(subscribe, () => client?.status ?? 'idle', () => 'idle');
}
