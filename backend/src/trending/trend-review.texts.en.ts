// English twins of trend-review.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './trend-review.texts';

export default {
  HASHTAG_HIDDEN: 'The hashtag was hidden from trends.',
  HASHTAG_ALREADY_HIDDEN: 'The hashtag is already hidden from trends.',
  HASHTAG_SHOWN: 'The hashtag can trend again.',
  HASHTAG_NOT_HIDDEN: 'This hashtag is not hidden from trends.',
} satisfies EnglishTexts<typeof Tr>;
