// English twins of health.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './health.texts';

export default {
  REDIS_UNAVAILABLE: 'Redis cannot be reached right now. Please try again in a little while.',
  DATABASE_DOWN: 'The database is not answering.',
  REDIS_DOWN: 'Redis is not answering.',
} satisfies EnglishTexts<typeof Tr>;
