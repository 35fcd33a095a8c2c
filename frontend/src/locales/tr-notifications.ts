// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The notifications screen's texts. */
export const trNotifications = {
  title: 'Bildirimler',
  tabsLabel: 'Bildirim sekmeleri',
  tabAll: 'Tümü',
  tabMentions: 'Bahsedenler',
  tabVerified: 'Onaylı',
  markAllRead: 'Tümünü okundu işaretle',
  listLabel: 'Bildirim listesi',
  unread: 'Okunmadı',
  unreadCount: (count: number) => `${count} okunmamış bildirim`,
  empty: 'Henüz bildirim yok',
  emptyText: 'Beğeniler, yanıtlar, bahsetmeler ve yeni takipçiler burada görünecek.',
  emptyMentions: 'Henüz sizden bahseden yok',
  emptyMentionsText: 'Biri sizden bahsettiğinde ya da size yanıt verdiğinde burada görünecek.',
  emptyVerified: 'Onaylı hesaplardan bildirim yok',
  emptyVerifiedText: 'Onaylı hesapların etkileşimleri burada görünecek.',
  loadFailed: 'Bildirimler yüklenemedi',
  retry: 'Tekrar dene',
  loadingMore: 'Daha fazla bildirim yükleniyor…',
  // One line per group (docs/wire-contract.md#notification-group): the newest actor's name, then
  // "ve Mehmet" (two actors) or "ve 3 kişi daha" (the rest; "999+" at the server's cap), then
  // the action. Turkish keeps "kişi" and the verb singular after a number.
  and: ' ve ',
  andOthers: (count: string) => ` ve ${count} kişi daha`,
  actions: {
    like: 'gönderinizi beğendi',
    repost: 'gönderinizi yeniden paylaştı',
    reply: 'gönderinize yanıt verdi',
    follow: 'sizi takip etmeye başladı',
    mention: 'bir gönderide sizden bahsetti',
    // No actor: neither the staff member nor what was done is named (docs/product.md#notifications).
    report_resolved: 'Bildiriminiz incelendi ve ekibimiz işlem yaptı. Teşekkürler!',
    moderation: 'Hesabınızla ilgili yeni bir moderasyon bildirimi var',
    // Issue 27: the author edited a post the member reposted (the author is the actor).
    edit: 'paylaştığınız ya da alıntıladığınız bir gönderiyi düzenledi',
    quote: 'gönderinizi alıntıladı',
  },
  actorsLabel: 'Son etkileşenler',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-notifications.ts', { trNotifications });
