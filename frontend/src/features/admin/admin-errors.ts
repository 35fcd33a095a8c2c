import { errorText } from '../../lib/api-client';
import { tr } from '../../locales/tr';

/** "Hata: {message}" for an alert after a failed admin action (docs/product.md#error-texts). */
export function failureText(error: unknown): string {
  return tr.admin.errorPrefix(errorText(error, tr.admin.genericError, tr.admin.networkError));
}
