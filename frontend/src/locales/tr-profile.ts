// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The profile screen's texts. */
export const trProfile = {
  title: 'Profil',
  // Issue 26: protected accounts (`Gönderilerimi koru`).
  protectedLabel: 'Korunan hesap',
  protectedTitle: 'Bu hesabın gönderileri korunuyor',
  protectedText: (username: string) => `Yalnızca @${username} adlı kişinin onayladığı takipçiler gönderilerini, yanıtlarını ve beğenilerini görebilir. Takip isteği gönderin; onaylanınca burada görünür.`,
  requested: 'İstek gönderildi',
  requestedHover: 'İsteği geri çek',
  requestLabel: (name: string) => `Takip isteği gönder: ${name}`,
  requestedLabel: (name: string) => `İstek gönderildi, geri çekmek için tıklayın: ${name}`,
  postsCount: (count: string) => `${count} gönderi`,
  joined: (monthYear: string) => `${monthYear} tarihinde katıldı`,
  following: 'Takip edilen',
  followers: 'Takipçi',
  location: 'Konum',
  website: 'Web sitesi',
  tabsLabel: 'Profil sekmeleri',
  tabPosts: 'Gönderiler',
  tabReplies: 'Yanıtlar',
  tabMedia: 'Medya',
  tabLikes: 'Beğeniler',
  userPostsEmptyText: 'Bu hesap henüz bir şey paylaşmadı.',
  noReplies: 'Henüz yanıt yok.',
  noRepliesText: 'Bu hesabın başkalarına verdiği yanıtlar burada görünecek.',
  noMedia: 'Henüz medya yok',
  noMediaText: 'Bu hesabın görselli gönderileri burada, en yenisi en üstte görünecek.',
  noLikes: 'Henüz beğenilen gönderi yok.',
  noLikesText: 'Bu hesabın beğendiği gönderiler burada, en son beğenilen en üstte görünecek.',
  repliesLoadFailed: 'Yanıtlar yüklenemedi',
  likesLoadFailed: 'Beğenilen gönderiler yüklenemedi',
  mediaLoadFailed: 'Görselli gönderiler yüklenemedi',
  notFound: 'Kullanıcı bulunamadı',
  notFoundText: 'Aradığınız hesap yok ya da kaldırılmış olabilir.',
  loadFailed: 'Profil yüklenemedi',
  editBio: 'Biyografiyi düzenle',
  bioLabel: 'Biyografi',
  bioPlaceholder: 'Kendinizden biraz bahsedin',
  bioHint: 'Biyografi yalnızca bu cihazda değişir.',
  save: 'Kaydet',
  cancel: 'İptal',
  message: 'Mesaj',
  // Issue 23: the follower and followed lists (siz voice).
  followListsLabel: 'Takip listeleri',
  followersTab: 'Takipçiler',
  followingTab: 'Takip edilenler',
  followersTitle: (username: string) => `@${username} takipçileri`,
  followingTitle: (username: string) => `@${username} tarafından takip edilenler`,
  followersEmpty: 'Henüz takipçi yok',
  followersEmptyText: 'Bu hesabı takip eden kişiler burada, en son takip eden en üstte görünecek.',
  followingEmpty: 'Henüz kimse takip edilmiyor',
  followingEmptyText: 'Bu hesabın takip ettiği kişiler burada, en son takip edilen en üstte görünecek.',
  followListFailed: 'Liste yüklenemedi',
  followListNetwork: 'Bağlantınızı kontrol edip yeniden deneyin.',
  followListMore: 'Daha fazla kişi göster',
  followListLoadingMore: 'Daha fazla kişi yükleniyor…',
  followListMoreFailed: 'Devamı yüklenemedi.',
  messageLabel: (name: string) => `${name} kişisine mesaj gönder`,
  // Issue 26: who may message me (the server's 403 says the same) and a profile whose lists are hidden.
  messageRefusal: {
    nobody: 'Bu kişi mesaj almıyor.',
    following: 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.',
    unavailable: 'Bu kullanıcıya mesaj gönderemezsiniz.',
  },
  listsHidden: 'Bu hesabın listeleri gizli',
  listsHiddenText: 'Bu hesap takipçi, takip ve beğeni listelerini yalnızca kendisine gösteriyor.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-profile.ts', { trProfile });
