// Turkish strings of the compose box (a post, a reply, its pictures and @ suggestions), kept apart
// from locales/tr.ts so that they load with the box's chunk: a guest's `/` does not show the box
// (issue 26's JS budget, as locales/tr-post.ts). Texts quoted by docs/product.md are copied verbatim.

export const trCompose = {
  label: 'Gönderi metni',
  sending: 'Gönderiliyor…',
  remaining: (count: number) => `Kalan karakter: ${count}`,
  createFailed: 'Post oluşturulamadı',
  createNetworkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  // Reply mode (the post page's box and the reply dialog, features/posts/components/reply-modal.tsx).
  replyTitle: 'Yanıtla',
  replyLabel: 'Yanıt metni',
  replyPlaceholder: 'Yanıtınızı yazın',
  replyingTo: 'Yanıtlanan:',
  replySubmit: 'Yanıtla',
  // Edit mode (issue 27: the `Düzenle` dialog of one's own post, features/posts/components/edit-post-dialog.tsx).
  editTitle: 'Gönderiyi düzenle',
  editLabel: 'Düzenlenen gönderi metni',
  editSubmit: 'Kaydet',
  editFailed: 'Gönderi düzenlenemedi',
  editNote: 'Beğeniler, yanıtlar ve yeniden paylaşımlar korunur; önceki hâller düzenleme geçmişinde görünür.',
  // Quote mode (issue 27: `Alıntıla`, features/posts/components/quote-modal.tsx).
  quoteTitle: 'Alıntıla',
  quoteLabel: 'Alıntı metni',
  quotePlaceholder: 'Bir yorum ekleyin',
  quoteSubmit: 'Alıntıla',
  quoteFailed: 'Alıntı paylaşılamadı',
  quoted: 'Alıntı paylaşıldı',
  // The @ suggestions (features/posts/components/mention-suggest.tsx).
  mentionListLabel: 'Kullanıcı önerileri',
  mentionSuggestions: (count: number) => `${count} kullanıcı önerisi; seçmek için ok tuşları ve Enter`,
  // Pictures (issue 24); the thumbnails' and the alt dialog's own texts are locales/tr-media.ts.
  addMedia: 'Görsel ekle',
  tooMany: (max: number) => `Bir gönderiye en fazla ${max} görsel ekleyebilirsiniz.`,
  tooLarge: (name: string, max: string) => `“${name}” eklenemedi: bir görsel en fazla ${max} olabilir.`,
  sensitive: 'Hassas içerik',
  uploading: 'Görseller yükleniyor…',
  failedHint: 'Yüklenemeyen görseli yeniden deneyin ya da kaldırın.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-compose.ts', { trCompose });
