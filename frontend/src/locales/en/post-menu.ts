// English for locales/tr-post-menu.ts.
import type * as Tr from '../tr-post-menu';
import type { EnglishOf } from './types';

export default {
  trPostMenu: {
    label: 'Post actions menu',
    delete: 'Delete',
    edit: 'Edit',
    quotesOff: 'Turn quoting off',
    quotesOn: 'Allow quoting',
    quotesTurnedOff: 'This post can no longer be quoted',
    quotesTurnedOn: 'This post can be quoted again',
    quotesFailed: 'The quote setting could not be saved. Please try again.',
    editSaved: 'Post edited',
    confirmTitle: 'Delete post?',
    confirmText: 'This cannot be undone. The post will be removed from the profile, the feeds and search results.',
    confirm: 'Delete',
    cancel: 'Cancel',
    deleting: 'Deleting…',
    failed: 'The post could not be deleted. Please try again.',
    networkError: 'Connection error. Please try again.',
    deleted: 'Post deleted',
    copyLink: 'Copy link',
    linkCopied: 'Link copied to the clipboard',
    copyFailed: 'The link could not be copied. Please try again.',
    bookmark: 'Bookmark',
    unbookmark: 'Remove from bookmarks',
    bookmarked: 'Added to your bookmarks',
    unbookmarked: 'Removed from your bookmarks',
    bookmarkFailed: 'The bookmark could not be saved. Please try again.',
    pin: 'Pin to your profile',
    unpin: 'Unpin from profile',
    pinned: 'Your post was pinned to your profile',
    unpinned: 'Your post was unpinned',
    pinFailed: 'The post could not be pinned. Please try again.',
    unpinFailed: 'The post could not be unpinned. Please try again.',
  },
} satisfies EnglishOf<typeof Tr>;
