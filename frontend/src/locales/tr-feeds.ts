// Turkish strings of the member-only home feeds (`Takip edilenler`, issue 15), kept apart from
// locales/tr.ts so that they load with those tabs' chunk (features/posts/components/following-feed.tsx),
// not in a guest's first page (the guest JS budget, issue 26). Texts quoted by docs/product.md are copied verbatim.

export const trFeeds = {
  followingFeedLabel: 'Takip edilenler akışı',
  followingEmptyTitle: 'Takip ettiğiniz kimse henüz paylaşmadı',
  followingEmptyText: 'Birilerini takip edin; gönderileri ve yeniden paylaşımları burada görünsün.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-feeds.ts', { trFeeds });
