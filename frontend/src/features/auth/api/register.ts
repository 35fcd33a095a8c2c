import { apiClient } from '../../../lib/api-client';

export interface RegisterInput {
  email: string;
  password: string;
  username: string;
  displayName: string;
}

/** POST /api/auth/register. The answer body is not used (docs/product.md#calls). */
export function registerAccount(input: RegisterInput): Promise<unknown> {
  return apiClient.post<unknown>('/auth/register', input);
}
