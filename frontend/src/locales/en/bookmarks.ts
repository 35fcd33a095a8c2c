// English for locales/tr-bookmarks.ts.
import type * as Tr from '../tr-bookmarks';
import type { EnglishOf } from './types';

export default {
  trBookmarks: {
    title: 'Bookmarks',
    feedLabel: 'Your bookmarks',
    privateNote: 'Only you can see them.',
    emptyTitle: 'No bookmarks yet',
    emptyText: 'To read a post later, choose “Bookmark” in its ⋯ menu.',
    loadFailed: 'The bookmarks could not be loaded',
  },
} satisfies EnglishOf<typeof Tr>;
