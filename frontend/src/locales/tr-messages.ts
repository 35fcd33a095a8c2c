// The messages screen's Turkish strings, kept apart from locales/tr.ts so that they load with that
// screen's chunk and not in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts).
// Texts quoted by docs/product.md are copied verbatim.
export const trMessages = {
  title: 'Mesajlar',
  listLabel: 'Sohbetler',
  searchLabel: 'Mesajlarda ara',
  searchPlaceholder: 'Kişi ya da mesaj ara',
  newMessage: 'Yeni mesaj',
  empty: 'Henüz mesajınız yok',
  emptyText: 'Bir profildeki "Mesaj" düğmesiyle yeni bir sohbet başlatabilirsiniz.',
  listLoadFailed: 'Sohbetler yüklenemedi',
  chatLoadFailed: 'Mesajlar yüklenemedi',
  retry: 'Tekrar dene',
  loadMore: 'Daha fazla sohbet',
  olderMessages: 'Daha eski mesajlar',
  selectTitle: 'Bir sohbet seçin',
  selectText: 'Sohbetlerinizden birini seçin ya da bir profilden yeni bir sohbet başlatın.',
  chatEmptyText: (name: string) => `${name} ile sohbeti ilk mesajınızla başlatın.`,
  userNotFound: 'Kullanıcı bulunamadı',
  userNotFoundText: 'Bu hesap yok ya da kaldırılmış olabilir.',
  unread: (count: number) => `${count} okunmamış mesaj`,
  now: 'Şimdi',
  back: 'Sohbetlere dön',
  chatLabel: (name: string) => `${name} ile mesajlar`,
  inputLabel: 'Mesaj',
  inputPlaceholder: 'Yeni bir mesaj yazın',
  inputHint: 'Göndermek için Enter, yeni satır için Shift+Enter.',
  send: 'Gönder',
  own: 'Siz',
  /** A message waiting for the connection (or its answer): it is sent once, when it returns. */
  sending: 'Gönderiliyor…',
  sendFailed: (reason: string) => `Gönderilemedi: ${reason}`,
  sendFailedUnknown: 'Mesaj gönderilemedi',
  // Issue 26: said in place of the box before typing, as the server's 403 says it.
  refusal: {
    nobody: 'Bu kişi mesaj almıyor.',
    following: 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.',
    unavailable: 'Bu kullanıcıya mesaj gönderemezsiniz.',
  },
  /** Takes a message that could not be sent back into the box. */
  editFailed: 'Metni düzenleyin',
  /** The other member is typing to the viewer (in the open conversation's header). */
  typing: 'yazıyor…',
  /** Under the viewer's last message once the other member has read it. */
  seen: 'Görüldü',
  /** The Mesajlar nav badge's text alternative: "3 okunmamış mesaj". */
  /** The conversation list's search box found nothing among the loaded conversations. */
  searchNoMatch: (query: string) => `"${query}" ile eşleşen sohbet yok`,
  /** The new-message dialog: find a person, open the conversation with them. */
  pickerTitle: 'Yeni mesaj',
  pickerLabel: 'Kişi ara',
  pickerPlaceholder: 'Ad ya da kullanıcı adı yazın',
  pickerListLabel: 'Bulunan kişiler',
  pickerPrompt: 'Mesaj göndermek istediğiniz kişinin adını yazın.',
  pickerLoading: 'Kişiler aranıyor',
  pickerEmpty: (query: string) => `"${query}" ile başlayan bir kişi bulunamadı.`,
  pickerFailed: 'Kişiler yüklenemedi.',
  pickerRetry: 'Tekrar dene',
  pickerCount: (count: number) => `${count} kişi bulundu. Seçmek için ok tuşları ve Enter.`,
} as const;

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-messages.ts', { trMessages });
