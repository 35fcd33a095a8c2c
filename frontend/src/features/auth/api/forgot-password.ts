import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/forgot-password; resolves to the server's message when it sent one. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const data = await apiClient.post<{ message?: unknown } | null>('/auth/forgot-password', {
    email,
  });
  return typeof data?.message === 'string' && data.message.trim() ? data.message : null;
}
