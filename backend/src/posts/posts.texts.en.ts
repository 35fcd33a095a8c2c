// English twins of posts.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './posts.texts';
import { SEARCH_MAX_LENGTH } from '@gundem/contract';

export default {
  POST_EMPTY: 'A post cannot be empty.',
  postTooLong: (max: number) => `A post can be at most ${max} characters.`,
  POST_NOT_FOUND: 'Post not found.',
  POST_DELETED: 'Post deleted!',
  POST_DELETE_BUSY: 'The post could not be deleted right now. Please try again.',
  POST_NOT_YOURS: 'You can delete only your own posts.',
  POST_EDIT_NOT_YOURS: 'You can edit only your own posts.',
  POST_EDIT_MEDIA_INVALID: 'The pictures (media) must be a list of { id, alt } objects.',
  PIN_NOT_YOURS: 'You can pin only your own post.',
  UNPIN_NOT_YOURS: 'You can unpin only your own post.',
  QUOTE_TARGET_NOT_FOUND: 'The quoted post was not found.',
  QUOTE_DISABLED: 'This post cannot be quoted: its author turned quoting off.',
  QUOTE_PROTECTED: 'Posts of protected accounts cannot be quoted.',
  QUOTE_AND_REPLY: 'A post cannot be both a reply and a quote.',
  QUOTE_POLICY_NOT_YOURS: 'You can change the quote setting of your own posts only.',
  QUOTE_POLICY_INVALID: 'The quote setting (quotable) must be true or false.',
  REPLY_TARGET_NOT_FOUND: 'The post replied to was not found.',
  CANNOT_REPLY: 'You cannot reply to this post.',
  SEARCH_REQUIRED: 'A search text is required.',
  SEARCH_TOO_LONG: `The search text can be at most ${SEARCH_MAX_LENGTH} characters.`,
  POST_PROTECTED: 'This post is protected.',
  HASHTAG_INVALID: 'Enter a valid hashtag (e.g. gündem): letters, digits and underscores, at most 100 characters.',
  RANKED_PAGE_GONE: 'The feed was refreshed; load it again from the top.',
} satisfies EnglishTexts<typeof Tr>;
