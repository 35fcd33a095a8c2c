// Turkish strings of muting (issue 25), kept apart from locales/tr.ts so that they load with the
// screens that mute (the post ⋯ menu, the profile ⋯ menu, the settings' `Sessize alınanlar`), not
// in every visitor's first page (the guest JS budget). Texts quoted by docs/product.md are copied verbatim.

export const trMute = {
  mute: (username: string) => `@${username} kullanıcısını sessize al`,
  unmute: (username: string) => `@${username} kullanıcısını sessizden çıkar`,
  muted: (username: string) => `@${username} sessize alındı`,
  unmuted: (username: string) => `@${username} sessizden çıkarıldı`,
  failed: 'İşlem yapılamadı. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  section: 'Sessize alınanlar',
  sectionText:
    'Sessize aldığınız hesapların ve sözcüklerin gönderileri akışlarınızda, aramada ve bildirimlerinizde görünmez. Hesaplar bunu bilmez; profillerine yine bakabilirsiniz.',
  accounts: 'Hesaplar',
  accountsLabel: 'Sessize alınan hesaplar',
  accountsEmpty: 'Kimseyi sessize almadınız.',
  accountsEmptyText: 'Bir hesabı profilindeki ya da gönderisindeki ⋯ menüsünden sessize alabilirsiniz.',
  accountsFailed: 'Sessize alınan hesaplar yüklenemedi',
  unmuteButton: 'Sessizden çıkar',
  /** Begins with the button's visible text (axe's label-content-name-mismatch). */
  unmuteButtonLabel: (name: string) => `Sessizden çıkar: ${name}`,
  unmuting: 'Çıkarılıyor…',
  words: 'Sözcükler',
  wordsLabel: 'Sessize alınan sözcükler',
  wordsEmpty: 'Sessize aldığınız sözcük yok.',
  wordsEmptyText: 'Bir sözcüğü ya da #etiketi sessize aldığınızda onu içeren gönderiler size görünmez.',
  wordsFailed: 'Sessize alınan sözcükler yüklenemedi',
  wordField: 'Sözcük ya da #etiket',
  wordHint: "Tam sözcük eşleşir: “istanbul”, “İstanbul'da” geçen gönderiyi gizler, “istanbullu” geçeni gizlemez.",
  duration: 'Süre',
  forever: 'Süresiz',
  day1: '1 gün',
  day7: '7 gün',
  day30: '30 gün',
  add: 'Sessize al',
  adding: 'Ekleniyor…',
  added: (word: string) => `“${word}” sessize alındı`,
  removed: (word: string) => `“${word}” sessizden çıkarıldı`,
  remove: 'Kaldır',
  removeLabel: (word: string) => `Kaldır: ${word}`,
  until: (date: string) => `${date} tarihine kadar`,
  untilForever: 'Süresiz',
  retry: 'Tekrar dene',
  more: 'Daha fazla',
  loadingMore: 'Daha fazla yükleniyor…',
  moreFailed: 'Devamı yüklenemedi.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-mute.ts', { trMute });
