// The session (docs/product.md#states), shared by every feature: who is signed in, login/logout, and
// the switch that opens the auth modal from any login prompt. The modal itself lives in
// features/auth; it reads `authModal` from here.
// A session ends only when the server refuses the token (401). When the server cannot be reached,
// or answers that its database is away, the token stays, `connection` turns `offline` (the
// layout shows a banner) and the session is checked again with a growing delay until it answers:
// the signed-in interface comes back on its own, without a new login.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  ApiError,
  apiClient,
  clearToken,
  getToken,
  setToken,
  subscribeApiEvents,
  TOKEN_KEY,
} from './api-client';
import { useMemberState } from './member-state';
import type { User } from './types';

export type AuthModalMode = 'login' | 'register';

/**
 * `loading` while a stored token is being checked with GET /api/auth/me — also while that check
 * cannot get an answer (then `connection` is `offline` and it is retried).
 */
export type SessionStatus = 'loading' | 'authenticated' | 'guest';

/** `offline`: the last request got no answer, or the server said it cannot serve right now. */
export type ConnectionState = 'online' | 'offline';

/** Delay before the n-th retry (0-based) of an unanswered check: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 30_000);
}

export interface AuthContextValue {
  user: User | null;
  status: SessionStatus;
  connection: ConnectionState;
  isAuthenticated: boolean;
  login: (login: string, password: string) => Promise<User>;
  /** Begins the session a sign-up answered with (POST /api/auth/register's token, as login's). */
  startSession: (session: LoginResponse) => void;
  logout: () => void;
  /** Replace the cached user after a profile change. */
  updateUser: (patch: Partial<User>) => void;
  authModal: AuthModalMode | null;
  openAuthModal: (mode?: AuthModalMode) => void;
  closeAuthModal: () => void;
}

export interface LoginResponse {
  user: User;
  token: string;
}

interface MeResponse {
  user: User;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // A member's `/` may carry their account (lib/member-state.ts): then the app starts signed in,
  // without the splash and its wait for GET /api/auth/me (the server checked the session for
  // that page moments ago; a later 401 ends it as usual).
  // (readMemberState checks the block against the stored token; the server's render of that page
  // provides the state it embeds, having checked the session itself.)
  const initial = useMemberState();
  const [user, setUser] = useState<User | null>(() => initial?.user ?? null);
  const [status, setStatus] = useState<SessionStatus>(() =>
    initial ? 'authenticated' : getToken() ? 'loading' : 'guest',
  );
  const [authModal, setAuthModal] = useState<AuthModalMode | null>(null);
  const [connection, setConnection] = useState<ConnectionState>('online');

  // What every answer says: a refused token ends the session here too (api-client has already
  // removed it); an outage or a recovery moves the connection state.
  useEffect(
    () =>
      subscribeApiEvents((event) => {
        if (event === 'session-rejected') {
          setUser(null);
          setStatus('guest');
          // The server answered, so it is reachable.
          setConnection('online');
        } else {
          setConnection(event === 'unavailable' ? 'offline' : 'online');
        }
      }),
    [],
  );

  // The stored token is checked at start, and again whenever the connection is lost, until the
  // server answers: with the user (signed in, fresh data), with 401 (signed out, by the event
  // above), or for a guest with anything at all.
  const checkMode = status === 'loading' ? 'start' : connection === 'offline' ? 'reconnect' : null;
  useEffect(() => {
    if (!checkMode) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      const request = getToken() ? apiClient.get<MeResponse>('/auth/me') : apiClient.get('/health');
      request
        .then((data) => {
          if (cancelled) return;
          setConnection('online');
          if (!getToken()) {
            // The token is gone: refused by an answer that came before this provider listened
            // (the timeline is requested with the check), or removed meanwhile. A guest now.
            setUser(null);
            setStatus('guest');
            return;
          }
          const me = (data as MeResponse | null)?.user;
          if (me && checkMode === 'start') {
            // The splash gives way to the member's whole screen: a transition, which React
            // renders in slices instead of one long task on a phone's CPU (issue 13's blocking
            // time); the splash stays until it is ready.
            startTransition(() => {
              setUser(me);
              setStatus('authenticated');
            });
          } else if (me) {
            setUser(me);
            setStatus('authenticated');
          } else {
            clearToken();
            setUser(null);
            setStatus('guest');
          }
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          // The token was refused: the session-rejected event has signed out and gone online.
          if (error instanceof ApiError && error.status === 401) return;
          // No answer, a 5xx or any other refusal that is not about the token: keep the token
          // and ask again later.
          setConnection('offline');
          timer = setTimeout(() => attempt(n + 1), retryDelay(n));
        });
    };
    // At start ask at once; after a lost connection give it a moment first.
    if (checkMode === 'start') attempt(0);
    else timer = setTimeout(() => attempt(1), retryDelay(0));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [checkMode]);

  // Logging out in another tab logs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue === null) {
        setUser(null);
        setStatus('guest');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(async (loginName: string, password: string) => {
    const data = await apiClient.post<LoginResponse>('/auth/login', {
      login: loginName,
      password,
    });
    setToken(data.token);
    setUser(data.user);
    setStatus('authenticated');
    return data.user;
  }, []);

  const startSession = useCallback((session: LoginResponse) => {
    setToken(session.token);
    setUser(session.user);
    setStatus('authenticated');
  }, []);

  const logout = useCallback(() => {
    clearToken();
    setUser(null);
    setStatus('guest');
  }, []);

  const updateUser = useCallback((patch: Partial<User>) => {
    setUser((current) => (current ? { ...current, ...patch } : current));
  }, []);

  const openAuthModal = useCallback((mode: AuthModalMode = 'login') => setAuthModal(mode), []);
  const closeAuthModal = useCallback(() => setAuthModal(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      connection,
      isAuthenticated: status === 'authenticated' && user !== null,
      login,
      startSession,
      logout,
      updateUser,
      authModal,
      openAuthModal,
      closeAuthModal,
    }),
    [user, status, connection, login, startSession, logout, updateUser, authModal, openAuthModal, closeAuthModal],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Who is looking, for query keys: answers such as `liked` or `isFollowing` depend on the viewer,
 * so a login or logout must not reuse another viewer's cached copy.
 */
export function useViewerKey(): string {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) return 'guest';
  return user._id ?? user.id ?? user.username ?? 'member';
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
