import { errorText } from '../../lib/api-client';
import { trAdmin } from '../../locales/tr-admin';

/** "Hata: {message}" for an alert after a failed admin action (docs/product.md#error-texts). */
export function failureText(error: unknown): string {
  return trAdmin.errorPrefix(errorText(error, trAdmin.genericError, trAdmin.networkError));
}
