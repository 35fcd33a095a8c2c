// English twins of observability.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './observability.texts';

export default {
  METRICS_UNAUTHORIZED: 'A valid access key is needed to read the metrics (Authorization: Bearer).',
} satisfies EnglishTexts<typeof Tr>;
