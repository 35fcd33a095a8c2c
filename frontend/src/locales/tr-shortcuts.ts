// The keyboard shortcuts' list (as on X and Mastodon), opened by `?`
// (features/posts/components/shortcut-help.tsx): its texts load with it, not in every visitor's
// first page (the guest `/` JS budget; they were locales/tr.ts's `posts.shortcuts`).
export const trShortcuts = {
  title: 'Klavye kısayolları',
  next: 'Sonraki gönderi',
  previous: 'Önceki gönderi',
  open: 'Gönderiyi aç',
  actions: 'Gönderinin bağlantıları ve işlemleri arasında gez',
  back: 'Gönderiye geri dön',
  // Issue 23's shortcuts, in the formal voice.
  compose: 'Yeni gönderi yazın',
  search: 'Arama kutusuna gidin',
  leavePost: 'Gönderi sayfasından geri dönün',
  help: 'Bu listeyi göster',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-shortcuts.ts', { trShortcuts });
