// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The profile screen's texts. */
export const trProfile = {
  title: 'Profil',
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
  noReplies: 'Henüz yanıt yok.',
  noRepliesText: 'Bu hesabın başkalarına verdiği yanıtlar burada görünecek.',
  noMedia: 'Henüz medya yok',
  noMediaText: 'Fotoğraflı ve videolu gönderiler yakında burada görünecek.',
  noLikes: 'Henüz beğenilen gönderi yok.',
  noLikesText: 'Bu hesabın beğendiği gönderiler burada, en son beğenilen en üstte görünecek.',
  repliesLoadFailed: 'Yanıtlar yüklenemedi',
  likesLoadFailed: 'Beğenilen gönderiler yüklenemedi',
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
  messageLabel: (name: string) => `${name} kişisine mesaj gönder`,
};
