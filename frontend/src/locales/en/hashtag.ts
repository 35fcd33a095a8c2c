// English for locales/tr-hashtag.ts.
import type * as Tr from '../tr-hashtag';
import type { EnglishOf } from './types';

export default {
  trHashtag: {
    title: (tag: string) => `#${tag}`,
    subtitle: 'Posts with this hashtag',
    feedLabel: (tag: string) => `Posts tagged #${tag}`,
    emptyTitle: (tag: string) => `No posts tagged #${tag}`,
    emptyText: 'Posts using this hashtag will show up here, newest first.',
    loadFailed: "The hashtag's posts could not be loaded",
    back: 'Back',
  },
} satisfies EnglishOf<typeof Tr>;
