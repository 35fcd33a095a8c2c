import type { User } from './users.js';

/** POST /api/auth/register */
export interface RegisterResponse {
  message: string;
  user: User;
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
