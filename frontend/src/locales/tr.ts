// Every Turkish string the UI shows, by key. Texts quoted by docs/product.md are copied verbatim:
// check them here before changing anything.
export const tr = {
  /** The toasts' live region (components/toaster.tsx). */
  toasts: 'Bilgi mesajları',
  app: {
    brand: 'gündem',
    title: 'Gündemimi Takip Et! Gündem Oluştur',
    version: 'v1.0.0',
    /** The document title of every screen but `/`, which keeps `title`. */
    pageTitle: (page: string) => `${page} / gündem`,
    loading: 'Yükleniyor…',
    /** While the server cannot be reached or cannot serve: the session is kept and checked again. */
    offline: 'Bağlantı yok, yeniden deneniyor…',
    /** The live connection (socket) is down; shown after a short grace. */
    socketDown: 'Bağlantı koptu, yeniden bağlanılıyor…',
    /** Briefly, when it is back after socketDown was shown. */
    socketBack: 'Yeniden bağlandı',
  },
  nav: {
    label: 'Ana menü',
    skipToContent: 'İçeriğe geç',
    home: 'Anasayfa',
    explore: 'Keşfet',
    notifications: 'Bildirimler',
    messages: 'Mesajlar',
    profile: 'Profil',
    settings: 'Ayarlar',
    requests: 'Takip istekleri',
    bookmarks: 'Yer işaretleri',
    admin: 'Yönetim',
    post: 'Gönderi',
    login: 'Giriş Yap',
    logout: 'Çıkış Yap',
    account: 'Hesap',
  },
  logout: {
    title: 'Çıkış yapılsın mı?',
    text: 'Bu cihazda oturumunuz kapanır; tekrar giriş yapana kadar gönderi paylaşamazsınız.',
    cancel: 'İptal',
  },
  user: {
    fallbackName: 'User',
    fallbackUsername: 'user',
    fallbackInitial: 'U',
  },
  footer: {
    label: 'Alt bilgi',
    terms: 'Kullanım Koşulları',
    privacy: 'Gizlilik Politikası',
    help: 'Yardım',
    rules: 'Kurallar',
    copyright: '© gündem',
  },
  search: {
    label: 'Ara',
    placeholder: 'Ara',
  },
  widgets: {
    trends: 'Gündem',
    trendsLabel: 'Gündemdeki etiketler',
    trendContext: 'Türkiye gündeminde',
    trendCount: (count: string) => `${count} gönderi`,
    whoToFollow: 'Kimi takip etmeli',
    noSuggestions: 'Şimdilik yeni öneri yok.',
    showMore: 'Daha fazla göster',
  },
  follow: {
    follow: 'Takip et',
    following: 'Takip ediliyor',
    unfollow: 'Takibi bırak',
    // Issue 26: a follow of a protected account is a request until it approves it.
    requested: 'İstek gönderildi',
    cancelRequest: 'İsteği geri çek',
    requestedLabel: (name: string) => `İstek gönderildi, geri çekmek için tıklayın: ${name}`,
    // The lock beside a protected account's name on cards and rows.
    protectedAccount: 'Korunan hesap',
  },
  time: {
    // docs/product.md#limits-and-timings: every screen counts in s, dk, sa, g.
    units: ['s', 'dk', 'sa', 'g'],
    months: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  },
  common: {
    required: 'Bu alan zorunludur',
    close: 'Kapat',
    backHome: 'Anasayfaya dön',
    loginRequiredTitle: 'Giriş yapmanız gerekiyor',
    loginRequired: 'Bu sayfayı görmek için giriş yapmalısınız.',
    soon: 'Yakında',
  },
  auth: {
    // The login and register forms' texts load with them (locales/tr-auth.ts); this one is the
    // shell's, while the session is checked.
    sessionChecking: 'Oturum doğrulanıyor…',
  },
  home: {
    title: 'Anasayfa',
    // The home screen's tabs for members (issue 15); guests see only the `Size özel` feed, untabbed.
    tabsLabel: 'Akışlar',
    forYouTab: 'Size özel',
    // Issue 26: `Size özel` is ranked; `Son` keeps every member's posts in time order.
    latestTab: 'Son',
    followingTab: 'Takip edilenler',
    // The `Takip edilenler` feed's own texts load with it (locales/tr-feeds.ts).
  },
  posts: {
    feedLabel: 'Gönderi akışı',
    /** The ⋯ button of every post card (its menu's texts: locales/tr-post-menu.ts). */
    more: 'Daha fazla',
    composeTitle: 'Yeni gönderi',
    // The rest of the compose box's texts load with it (locales/tr-compose.ts); these two are also
    // the guests' prompt's and the still copy's a member sees until the box has come (home-compose.tsx).
    composePlaceholder: 'Neler oluyor?',
    submit: 'Gönder',
    guestTitle: 'Gündeme siz de katılın',
    guestText: 'Gönderi paylaşmak, beğenmek ve yanıtlamak için giriş yapın.',
    loadFailed: 'Gönderiler yüklenemedi',
    networkError: 'Bağlantı hatası',
    retry: 'Tekrar dene',
    emptyTitle: 'Henüz gönderi yok',
    emptyText: 'Gündem şimdilik sessiz. İlk gönderiyi siz paylaşın!',
    loadMore: 'Daha fazla yükle',
    loadingMore: 'Daha fazla gönderi yükleniyor…',
    end: 'Hepsi bu kadar.',
    verified: 'Onaylı hesap',
    edited: 'düzenlendi',
    /** The `düzenlendi` button's name and title (issue 27): it opens the `Düzenleme geçmişi` dialog. */
    editedAt: (when: string) => `Düzenlendi: ${when}. Düzenleme geçmişini göster`,
    lastEdited: (when: string) => `Son düzenleme: ${when}`,
    actions: 'Gönderi işlemleri',
    like: 'Beğen',
    repost: 'Yeniden paylaş',
    // Quote posts (issue 27): the action, and the quoted post's card in a quote (features/posts/components/quote-card.tsx).
    quote: 'Alıntıla',
    quoteDeleted: 'Bu gönderi artık yok',
    quoteProtected: 'Bu gönderi korunuyor',
    quoteBlocked: 'Bu gönderi gösterilemiyor',
    quoteDisabled: 'Yazarı bu gönderinin alıntılanmasını kapattı',
    quoteNested: 'Alıntıladığı gönderiyi göster',
    quoteSensitive: 'Hassas içerik',
    quotesLink: (count: string) => `${count} Alıntı`,
    reply: 'Yanıtla',
    share: 'Paylaş',
    // Above a reply in every list (posts/components/reply-context.tsx), as X's "Replying to".
    replyContext: 'yanıt olarak',
    replyContextHidden: 'Gösterilemeyen bir gönderiye yanıt',
    // The search results' texts are locales/tr-explore.ts's, a profile's empty posts tab's
    // locales/tr-profile.ts's and the post page's guest prompt locales/tr-post.ts's (loaded with them).
    newPosts: (count: number) => `${count} yeni gönderi`,
    // After the reposter's name (a link to their profile) above a repost in `Takip edilenler`.
    repostedBy: 'yeniden paylaştı',
    // The keyboard shortcuts' list (`?`) has its texts in locales/tr-shortcuts.ts, loaded with it.
  },
  // Pictures in posts (issue 24): what every card shows. The compose box's texts load with it
  // (locales/tr-compose.ts), the viewer's and the attachments' with them (locales/tr-media.ts).
  media: {
    /** The image's button on a card when it has alt text (its name is the alt text itself). */
    open: (position: number, count: number) => `Görsel ${position}/${count}`,
    /** The same button when the author gave no alt text. */
    openNoAlt: (position: number, count: number) => `Görsel ${position}/${count}, açıklaması yok`,
    altBadge: 'ALT',
    altBadgeLabel: 'Görsel açıklamasını göster',
    sensitiveReveal: 'Hassas içerik — göster',
  },
  notifications: {
    // The nav badge's text alternative ("3 okunmamış bildirim"; the count as shown: "999+").
    badge: (count: string) => `${count} okunmamış bildirim`,
  },
  messages: {
    networkError: 'Bağlantı hatası',
    badge: (count: string) => `${count} okunmamış mesaj`,
    // The rest of the messages screen is locales/tr-messages.ts (loaded with the screen).
  },
  pages: {
    errorTitle: 'Bir şeyler ters gitti',
    error: 'Beklenmeyen bir hata oluştu. Sayfayı yenileyip tekrar deneyin.',
  },
  // The hard-coded samples (the sidebar's fallbacks, the explore tab's accounts) are in locales/tr-samples.ts.
} as const;
