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
  } as Record<string, string>,
  reason: 'Gerekçe',
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
