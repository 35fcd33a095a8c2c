// Turkish strings kept apart from locales/tr.ts so that they load with the screens that block (the
// post ⋯ menu, the profile ⋯ menu, the settings' `Engellenenler`), not in every visitor's first
// page (issue 13's JS budget). Texts quoted by docs/product.md are copied verbatim.

/** Blocking an account (issue 25): the menus' items, the confirmation and the settings list. */
export const trBlock = {
  block: (username: string) => `@${username} kullanıcısını engelle`,
  unblock: (username: string) => `@${username} kullanıcısının engelini kaldır`,
  confirmTitle: (username: string) => `@${username} engellensin mi?`,
  confirmText:
    'Birbirinizi takip etmeyi bırakırsınız. Bu hesap gönderilerinizi göremez, size yanıt veremez, sizi takip edemez ve size mesaj gönderemez; siz de onun gönderilerini görmezsiniz. Engellendiğini bilmez.',
  unblockTitle: (username: string) => `@${username} kullanıcısının engeli kaldırılsın mı?`,
  unblockText: 'Bu hesap gönderilerinizi yeniden görebilir ve sizi takip edebilir. Takipler geri gelmez.',
  confirm: 'Engelle',
  confirmUnblock: 'Engeli kaldır',
  cancel: 'Vazgeç',
  blocking: 'Engelleniyor…',
  unblocking: 'Engel kaldırılıyor…',
  failed: 'İşlem yapılamadı. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  blocked: (username: string) => `@${username} engellendi`,
  unblocked: (username: string) => `@${username} kullanıcısının engeli kaldırıldı`,
  profileMenu: 'Hesap işlemleri',
  profileMenuLabel: 'Hesap işlemleri menüsü',
  youBlocked: 'Bu hesabı engellediniz.',
  section: 'Engellenenler',
  sectionText: 'Engellediğiniz hesaplar. Engeli kaldırdığınızda gönderilerinizi yeniden görebilirler.',
  listLabel: 'Engellenen hesaplar',
  empty: 'Kimseyi engellemediniz.',
  emptyText: 'Bir hesabı profilindeki ya da gönderisindeki ⋯ menüsünden engelleyebilirsiniz.',
  loadFailed: 'Engellenenler yüklenemedi',
  loadFailedNetwork: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  retry: 'Tekrar dene',
  more: 'Daha fazla',
  loadingMore: 'Daha fazla yükleniyor…',
  moreFailed: 'Devamı yüklenemedi.',
  unblockButton: 'Engeli kaldır',
  /** Begins with the button's visible text (axe's label-content-name-mismatch). */
  unblockButtonLabel: (name: string) => `Engeli kaldır: ${name}`,
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-block.ts', { trBlock });
