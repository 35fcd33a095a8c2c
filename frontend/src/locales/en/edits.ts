// English for locales/tr-edits.ts.
import type * as Tr from '../tr-edits';
import type { EnglishOf } from './types';

export default {
  trEdits: {
    title: 'Edit history',
    listLabel: 'The post’s versions, newest first',
    current: 'Current version',
    original: 'Original version',
    versionAt: (when: string) => `Version of ${when}`,
    noText: 'No text',
    loading: 'Loading the edit history…',
    empty: 'This post was never edited.',
    loadFailed: 'The edit history could not be loaded',
    retry: 'Try again',
    more: 'Show older versions',
    close: 'Close',
  },
} satisfies EnglishOf<typeof Tr>;
