import type { User } from './users.js';

/** POST /api/auth/register */
export interface RegisterResponse {
  message: string;
  user: User;
  /**
   * Present when the site does not require e-mail verification: the new member is signed in at
   * once (the same token as login's; the home-page cookie is set beside it). Absent when a
   * verification link was mailed: the member logs in after following it.
   */
  token?: string;
  /**
   * Present (true) when the site registers under approval: the account waits for staff and cannot
   * sign in yet; `message` says so. No token then.
   */
  pendingApproval?: true;
}

/** POST /api/auth/login */
export interface LoginResponse {
  user: User;
  token: string;
}

/** GET /api/auth/me */
export interface MeResponse {
  user: User;
}
