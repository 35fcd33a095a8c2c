// English for locales/tr-compose.ts.
import type * as Tr from '../tr-compose';
import type { EnglishOf } from './types';

export default {
  trCompose: {
    label: 'Post text',
    sending: 'Sending…',
    remaining: (count: number) => `Characters left: ${count}`,
    createFailed: 'The post could not be created',
    createNetworkError: 'Connection error. Please try again.',
    replyTitle: 'Reply',
    replyLabel: 'Reply text',
    replyPlaceholder: 'Write your reply',
    replyingTo: 'Replying to:',
    replySubmit: 'Reply',
    editTitle: 'Edit post',
    editLabel: 'Edited post text',
    editSubmit: 'Save',
    editFailed: 'The post could not be edited',
    editNote: 'Likes, replies and reposts are kept; earlier versions show in the edit history.',
    quoteTitle: 'Quote',
    quoteLabel: 'Quote text',
    quotePlaceholder: 'Add a comment',
    quoteSubmit: 'Quote',
    quoteFailed: 'The quote could not be posted',
    quoted: 'Quote posted',
    mentionListLabel: 'User suggestions',
    mentionSuggestions: (count: number) =>
      `${count} user ${count === 1 ? 'suggestion' : 'suggestions'}; use the arrow keys and Enter to choose`,
    addMedia: 'Add images',
    tooMany: (max: number) => `You can add at most ${max} ${max === 1 ? 'image' : 'images'} to a post.`,
    tooLarge: (name: string, max: string) => `“${name}” could not be added: an image can be at most ${max}.`,
    sensitive: 'Sensitive content',
    uploading: 'Uploading images…',
    failedHint: 'Retry or remove the image that failed to upload.',
  },
} satisfies EnglishOf<typeof Tr>;
