// English for locales/tr-explore.ts (the sample topics keep their Turkish hashtags).
import type * as Tr from '../tr-explore';
import type { EnglishOf } from './types';

export default {
  trExplore: {
    title: 'Explore',
    searchLabel: 'Search posts',
    searchPlaceholder: 'Search gündem',
    tabsLabel: 'Explore tabs',
    tabTrending: 'Trending',
    tabLatest: 'Latest',
    tabPopular: 'Popular',
    tabUsers: 'People',
    topicsTitle: 'Trending topics',
    suggestedTitle: 'Suggested accounts',
    resultsFor: (query: string) => `Results for "${query}"`,
    clearSearch: 'Clear search',
    peopleTitle: 'People',
    postsTitle: 'Posts',
    peopleLoading: 'Searching people',
    peopleFailed: 'People could not be loaded.',
    peopleRetry: 'Try again',
    peopleEmpty: (query: string) => `No one found starting with "${query}".`,
    usersLoading: 'Loading suggestions',
    usersEmpty: 'No new suggestions for now.',
    trendContext: 'Trending in the last 7 days',
    trendsLoading: 'Loading trends',
    trendsEmpty: 'No hashtag has trended in the last 7 days.',
    searchFailed: 'Search results could not be loaded',
    searchEmpty: (query: string) => `No results for "${query}"`,
    searchEmptyText: 'Try searching for another word or hashtag.',
    popularFeedLabel: 'Popular posts',
    popularEmpty: 'No standout posts in the last 24 hours',
    popularEmptyText: 'Liked, reposted and replied-to posts will show up here, the most engaged at the top.',
    topics: [
      { category: 'Technology · Trending', title: '#yapayzeka', postCount: 12_400 },
      { category: 'Sports · Trending', title: '#derbi', postCount: 48_900 },
      { category: 'News · Türkiye', title: '#deprem', postCount: 1_250_000 },
      { category: 'Culture · Arts', title: '#kitapönerisi', postCount: 3_100 },
      { category: 'Travel · Trending', title: '#kapadokya', postCount: 860 },
    ],
  },
} satisfies EnglishOf<typeof Tr>;
