// English twins of idempotency.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../i18n/english-texts';
import type * as Tr from './idempotency.texts';

export default {
  INVALID_IDEMPOTENCY_KEY: 'The Idempotency-Key header must consist of 1 to 255 visible ASCII characters.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used for another request.',
  IDEMPOTENCY_KEY_BUSY: 'The request sent with the same Idempotency-Key is still being processed; please try again in a little while.',
} satisfies EnglishTexts<typeof Tr>;
