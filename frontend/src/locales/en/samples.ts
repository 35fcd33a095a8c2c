// English for locales/tr-samples.ts (names, usernames and hashtags stay as they are).
import type * as Tr from '../tr-samples';
import type { EnglishOf } from './types';

export default {
  samples: {
    trends: [
      { hashtag: 'gündem', postCount: 48 },
      { hashtag: 'teknoloji', postCount: 36 },
      { hashtag: 'yapayzeka', postCount: 29 },
      { hashtag: 'istanbul', postCount: 21 },
      { hashtag: 'kitap', postCount: 14 },
    ],
    accounts: [
      { _id: 'ornek-gundem', username: 'gundem', displayName: 'gündem', bio: 'Official account: announcements, news and tips.', isVerified: true },
      {
        _id: 'ornek-teknoloji',
        username: 'teknoloji_gundemi',
        displayName: 'Teknoloji Gündemi',
        bio: 'News from the world of software, hardware and AI.',
        isVerified: true,
      },
      { _id: 'ornek-kitap', username: 'kitap_kurdu', displayName: 'Kitap Kurdu', bio: 'A book suggestion every week.', isVerified: false },
      { _id: 'ornek-spor', username: 'spor_masasi', displayName: 'Spor Masası', bio: 'Match results, transfers and commentary.', isVerified: false },
    ],
  },
} satisfies EnglishOf<typeof Tr>;
