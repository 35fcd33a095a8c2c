// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

// The ⋯ menu on one's own posts and its delete confirmation (features/posts/components/post-menu.tsx).
/** The post card's ⋯ menu's texts. */
export const trPostMenu = {
  open: 'Daha fazla',
  label: 'Gönderi işlemleri menüsü',
  delete: 'Sil',
  confirmTitle: 'Gönderi silinsin mi?',
  confirmText:
    'Bu işlem geri alınamaz. Gönderi profilinden, akışlardan ve arama sonuçlarından kaldırılacak.',
  confirm: 'Sil',
  cancel: 'Vazgeç',
  deleting: 'Siliniyor…',
  failed: 'Gönderi silinemedi. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
};
