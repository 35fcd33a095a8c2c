import type { UserRole } from './roles';

/**
 * The signed-in user as every authenticated request carries it (`req.user`, `@CurrentUser()`):
 * the fields that guards and handlers read, loaded by one prepared statement per request
 * (UsersService.findForSession). Handlers that need the whole account load it themselves.
 */
export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  role: UserRole;
  isActive: boolean;
  isVerified: boolean;
  /** Bumped when every existing token of the user must stop working (password reset). */
  sessionVersion: number;
}
