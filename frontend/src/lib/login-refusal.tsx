import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the login form shows under a refusal that carries more than a message: a suspended
 * account's notice and appeal form (features/moderation), given the refusal's `appealToken`.
 * Provided by app/ (AppProviders), so the auth feature does not import the moderation feature.
 */
export const LoginRefusalContext = createContext<ComponentType<{ token: string }> | null>(null);

export function useLoginRefusal(): ComponentType<{ token: string }> | null {
  return useContext(LoginRefusalContext);
}
