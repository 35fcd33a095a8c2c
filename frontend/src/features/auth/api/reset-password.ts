import { apiClient } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  email: string;
  newPassword: string;
}

/** POST /api/auth/reset-password. The answer body is not used (docs/product.md#calls). */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiClient.post<unknown>('/auth/reset-password', input);
}
