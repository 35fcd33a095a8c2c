// English for locales/tr-feeds.ts.
import type * as Tr from '../tr-feeds';
import type { EnglishOf } from './types';

export default {
  trFeeds: {
    followingFeedLabel: 'Following feed',
    followingEmptyTitle: 'No one you follow has posted yet',
    followingEmptyText: 'Follow some people; their posts and reposts will show up here.',
  },
} satisfies EnglishOf<typeof Tr>;
