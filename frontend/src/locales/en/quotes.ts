// English for locales/tr-quotes.ts.
import type * as Tr from '../tr-quotes';
import type { EnglishOf } from './types';

export default {
  trQuotes: {
    title: 'Quotes',
    subtitle: 'Posts that quote this post',
    feedLabel: 'The post’s quotes',
    emptyTitle: 'No quotes yet',
    emptyText: 'Posts that quote this one will show here.',
    loadFailed: 'The quotes could not be loaded',
    backToPost: 'Back to the post',
  },
} satisfies EnglishOf<typeof Tr>;
