import type { RegisterResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';

export interface RegisterInput {
  email: string;
  password: string;
  username: string;
  displayName: string;
}

/**
 * POST /api/auth/register. Its `token` is there when the site does not require e-mail
 * verification: the new member is signed in at once (docs/product.md#states).
 */
export function registerAccount(input: RegisterInput): Promise<RegisterResponse> {
  return apiClient.post<RegisterResponse>('/auth/register', input);
}
