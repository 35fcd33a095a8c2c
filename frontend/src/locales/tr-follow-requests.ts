/** The `Takip istekleri` screen and its badge (issue 26), loaded with their chunks. */
export const trFollowRequests = {
  title: 'Takip istekleri',
  intro: 'Hesabınız korunuyor: sizi takip etmek isteyenleri buradan onaylayın ya da reddedin.',
  listLabel: 'Bekleyen takip istekleri',
  empty: 'Bekleyen takip isteği yok',
  emptyText: 'Biri sizi takip etmek istediğinde burada görünür.',
  loadFailed: 'Takip istekleri yüklenemedi',
  loadFailedNetwork: 'Bağlantınızı kontrol edip tekrar deneyin.',
  retry: 'Tekrar dene',
  more: 'Daha fazla',
  loadingMore: 'Daha fazla istek yükleniyor',
  moreFailed: 'Diğer istekler yüklenemedi.',
  approve: 'Onayla',
  decline: 'Reddet',
  approveLabel: (name: string) => `${name} adlı kişinin takip isteğini onayla`,
  declineLabel: (name: string) => `${name} adlı kişinin takip isteğini reddet`,
  approved: (username: string) => `@${username} artık sizi takip ediyor`,
  declined: (username: string) => `@${username} adlı kişinin isteği reddedildi`,
  failed: 'İşlem yapılamadı. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı kurulamadı. Lütfen tekrar deneyin.',
  badge: (count: string) => `${count} bekleyen takip isteği`,
  requestedAt: (when: string) => `İstek: ${when}`,
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-follow-requests.ts', { trFollowRequests });
