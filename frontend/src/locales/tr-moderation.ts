/** Texts of staff's account actions as members and staff see them (issue 25). */
export const trModeration = {
  // The member's notices page.
  noticesTitle: 'Moderasyon bildirimleri',
  noticesIntro: 'Ekibin hesabınız hakkında yaptığı işlemler ve itirazlarınız.',
  kinds: {
    warn: 'Uyarı',
    sensitive_media: 'Medyanız hassas olarak işaretlendi',
    suspend: 'Hesap askıya alındı',
    limit: 'Hesabınız sınırlandırıldı: gönderileriniz yalnızca takipçilerinize ulaşır',
    post_removed: 'Gönderiniz kaldırıldı',
  } as Record<string, string>,
  reason: 'Gerekçe',
  rule: (number: number, text: string) => `Kural ${number}: ${text}`,
  ruleLabel: 'İhlal edilen kural',
  removedPost: 'Kaldırılan gönderi',
  removalAccepted: 'İtirazınız kabul edildi; gönderiniz geri yüklendi.',
  removalAcceptedNotRestored: 'İtirazınız kabul edildi; kaldırma kararı geri alındı. Gönderinin saklanan bir kopyası olmadığı için gönderi geri yüklenemedi.',
  removalUndone: 'Kaldırma kararı geri alındı; gönderiniz geri yüklendi.',
  until: (date: string) => `Bitiş: ${date}`,
  indefinite: 'Süresiz',
  lifted: 'Artık geçerli değil',
  appealButton: 'İtiraz et',
  appealLabel: 'İtirazınız',
  appealHint: 'En fazla 1.000 karakter. Her işleme bir kez itiraz edebilirsiniz.',
  appealSend: 'İtirazı gönder',
  appealSending: 'Gönderiliyor…',
  appealCancel: 'Vazgeç',
  appealEmpty: 'Lütfen itirazınızı yazın.',
  appealSent: 'İtirazınız alındı. Sonucu size bildirilecek.',
  appealFailed: 'İtiraz gönderilemedi. Lütfen tekrar deneyin.',
  appealStatus: {
    pending: 'İtirazınız inceleniyor',
    accepted: 'İtirazınız kabul edildi; işlem geri alındı',
    rejected: 'İtirazınız reddedildi',
  } as Record<string, string>,
  yourAppeal: 'İtirazınız',
  staffReply: 'Ekibin yanıtı',
  empty: 'Bildirim yok',
  emptyText: 'Hesabınız hakkında bir işlem yapılmadı.',
  loadFailed: 'Bildirimler yüklenemedi',
  retry: 'Tekrar dene',
  networkError: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edin.',
  // The bell's line for a `moderation` notification.
  notificationLine: 'Hesabınızla ilgili yeni bir moderasyon bildirimi var',
  // The suspended login.
  suspendedNotices: 'Askıya alınmanızla ilgili bildirim',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-moderation.ts', { trModeration });
