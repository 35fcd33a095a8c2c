// Turkish strings of the image viewer and the compose box's attachments (issue 24), loaded with
// their chunks and not in every visitor's first page (issue 13's JS budget, as locales/tr-post.ts).

export const trMedia = {
  viewerTitle: (position: number, count: number) => `Görsel ${position}/${count}`,
  previous: 'Önceki görsel',
  next: 'Sonraki görsel',
  attachments: 'Eklenen görseller',
  remove: 'Görseli kaldır',
  retry: 'Yeniden dene',
  uploadProgress: (percent: number) => `Yükleniyor: %${percent}`,
  uploadFailed: 'Görsel yüklenemedi.',
  uploadNetworkError: 'Bağlantı hatası. Görsel yüklenemedi.',
  altButton: 'ALT',
  altButtonLabel: (position: number) => `ALT: görsel ${position} için açıklama`,
  altTitle: 'Görsel açıklaması',
  altLabel: 'Açıklama',
  altHint: 'Görmeyen okurlar için görseli tarif edin.',
  altCounter: (used: number, max: number) => `${used}/${max}`,
  altSave: 'Kaydet',
  altCancel: 'Vazgeç',
  altSaveFailed: 'Açıklama kaydedilemedi.',
  thumbnail: (position: number) => `Görsel ${position}`,
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-media.ts', { trMedia });
