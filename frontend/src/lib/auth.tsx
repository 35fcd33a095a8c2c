// The session (SPEC.md section 4), shared by every feature: who is signed in, login/logout, and
// the switch that opens the auth modal from any login prompt. The modal itself lives in
// features/auth; it reads `authModal` from here.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { apiClient, clearToken, getToken, setToken, TOKEN_KEY } from './api-client';
import type { User } from './types';

export type AuthModalMode = 'login' | 'register';

/** `loading` only while a stored token is being checked with GET /api/auth/me. */
export type SessionStatus = 'loading' | 'authenticated' | 'guest';

export interface AuthContextValue {
  user: User | null;
  status: SessionStatus;
  isAuthenticated: boolean;
  login: (login: string, password: string) => Promise<User>;
  logout: () => void;
  /** Replace the cached user after a profile change. */
  updateUser: (patch: Partial<User>) => void;
  authModal: AuthModalMode | null;
  openAuthModal: (mode?: AuthModalMode) => void;
  closeAuthModal: () => void;
}

interface LoginResponse {
  user: User;
  token: string;
}

interface MeResponse {
  user: User;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (getToken() ? 'loading' : 'guest'));
  const [authModal, setAuthModal] = useState<AuthModalMode | null>(null);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    apiClient
      .get<MeResponse>('/auth/me')
      .then((data) => {
        if (cancelled) return;
        if (data?.user) {
          setUser(data.user);
          setStatus('authenticated');
        } else {
          clearToken();
          setStatus('guest');
        }
      })
      .catch(() => {
        if (cancelled) return;
        // Rejected (401) or any other failure: the stored token is not trusted any more.
        clearToken();
        setUser(null);
        setStatus('guest');
      });
    return () => {
      cancelled = true;
    };
  }, []);

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
      isAuthenticated: status === 'authenticated' && user !== null,
      login,
      logout,
      updateUser,
      authModal,
      openAuthModal,
      closeAuthModal,
    }),
    [user, status, login, logout, updateUser, authModal, openAuthModal, closeAuthModal],
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
