import type { ReactNode } from 'react';
import { useAuth } from '../../../lib/auth';
import { LoginRequired } from './login-required';

/** Renders its children for a signed-in user, the login-required placeholder for a guest. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <>{children}</> : <LoginRequired />;
}
