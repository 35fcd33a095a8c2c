// English for locales/tr-shortcuts.ts.
import type * as Tr from '../tr-shortcuts';
import type { EnglishOf } from './types';

export default {
  trShortcuts: {
    title: 'Keyboard shortcuts',
    next: 'Next post',
    previous: 'Previous post',
    open: 'Open the post',
    actions: "Move between the post's links and actions",
    back: 'Back to the post',
    compose: 'Write a new post',
    search: 'Go to the search box',
    leavePost: 'Leave the post page',
    help: 'Show this list',
  },
} satisfies EnglishOf<typeof Tr>;
