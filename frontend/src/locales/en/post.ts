// English for locales/tr-post.ts.
import type * as Tr from '../tr-post';
import type { EnglishOf } from './types';

export default {
  trPost: {
    title: 'Post',
    notFound: 'Post not found',
    protectedTitle: 'This post is protected',
    protectedText: 'Only followers approved by the author can see this post.',
    notFoundText: 'This post may have been deleted or never existed.',
    loadFailed: 'The post could not be loaded',
    repliesLabel: 'Replies',
    noReplies: 'No replies yet',
    noRepliesText: 'Be the first to reply.',
    moreReplies: 'More replies',
    replyGuest: 'Log in to write a reply.',
    ancestorsLabel: 'Earlier posts in the thread',
    moreAncestors: 'Show more posts in the thread',
  },
} satisfies EnglishOf<typeof Tr>;
