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
  emptyText: 'Bir profildeki "Mesaj" düğmesiyle yeni bir sohbet başlatabilirsin.',
  listLoadFailed: 'Sohbetler yüklenemedi',
  chatLoadFailed: 'Mesajlar yüklenemedi',
  retry: 'Tekrar dene',
  loadMore: 'Daha fazla sohbet',
  olderMessages: 'Daha eski mesajlar',
  selectTitle: 'Bir sohbet seç',
  selectText: 'Sohbetlerinden birini seç ya da bir profilden yeni bir sohbet başlat.',
  chatEmptyText: (name: string) => `${name} ile sohbeti ilk mesajınla başlat.`,
  userNotFound: 'Kullanıcı bulunamadı',
  userNotFoundText: 'Bu hesap yok ya da kaldırılmış olabilir.',
  unread: (count: number) => `${count} okunmamış mesaj`,
  now: 'Şimdi',
  back: 'Sohbetlere dön',
  chatLabel: (name: string) => `${name} ile mesajlar`,
  inputLabel: 'Mesaj',
  inputPlaceholder: 'Yeni bir mesaj yaz',
  inputHint: 'Göndermek için Enter, yeni satır için Shift+Enter.',
  send: 'Gönder',
  own: 'Sen',
  /** A message waiting for the connection (or its answer): it is sent once, when it returns. */
  sending: 'Gönderiliyor…',
  sendFailed: (reason: string) => `Gönderilemedi: ${reason}`,
  sendFailedUnknown: 'Mesaj gönderilemedi',
  /** Takes a message that could not be sent back into the box. */
  editFailed: 'Metni düzenle',
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
  pickerPlaceholder: 'Ad ya da kullanıcı adı yaz',
  pickerListLabel: 'Bulunan kişiler',
  pickerPrompt: 'Mesaj göndermek istediğin kişinin adını yaz.',
  pickerLoading: 'Kişiler aranıyor',
  pickerEmpty: (query: string) => `"${query}" ile başlayan bir kişi bulunamadı.`,
  pickerFailed: 'Kişiler yüklenemedi.',
  pickerRetry: 'Tekrar dene',
  pickerCount: (count: number) => `${count} kişi bulundu. Seçmek için ok tuşları ve Enter.`,
} as const;
