// Turkish strings of the report dialog (components/report-dialog.tsx), kept apart from
// locales/tr.ts so they load with the dialog's chunk (issue 13's JS budget). Texts quoted by
// docs/product.md are copied verbatim.
import type { ReportCategory, ReportTargetType } from '@gundem/contract';

export const trReport = {
  menuItem: 'Bildir',
  reportAccount: (username: string) => `@${username} hesabını bildir`,
  reportMessage: 'Mesajı bildir',
  title: (target: ReportTargetType): string =>
    ({ post: 'Gönderiyi bildir', account: 'Hesabı bildir', message: 'Mesajı bildir' })[target],
  categoryLegend: 'Neden bildiriyorsunuz?',
  categories: {
    spam: 'İstenmeyen içerik (spam)',
    harassment: 'Taciz ya da nefret söylemi',
    violence: 'Şiddet',
    illegal: 'Yasa dışı içerik',
    other: 'Diğer',
  } satisfies Record<ReportCategory, string>,
  ruleLegend: 'Hangi sunucu kuralını ihlal ediyor? (isteğe bağlı)',
  noRule: 'Belirli bir kural seçmiyorum',
  rule: (number: number, text: string) => `Kural ${number}: ${text}`,
  rulesLoading: 'Kurallar yükleniyor…',
  rulesFailed: 'Kurallar yüklenemedi; bildirimi kural seçmeden gönderebilirsiniz.',
  alsoBlock: (username: string) => `@${username} adlı kişiyi de engelle`,
  blockedText: (username: string) => `@${username} engellendi: artık birbirinizin gönderilerini görmeyeceksiniz.`,
  postsLegend: (username: string) => `@${username} kullanıcısının gönderilerinden ekleyin (en fazla 5)`,
  postsLoading: 'Gönderiler yükleniyor…',
  postsEmpty: 'Eklenecek başka gönderi yok.',
  postsFailed: 'Gönderiler yüklenemedi; bildirimi yine de gönderebilirsiniz.',
  commentLabel: 'Açıklama (isteğe bağlı)',
  commentHint: (left: number) => `${left} karakter kaldı`,
  submit: 'Bildir',
  sending: 'Gönderiliyor…',
  cancel: 'Vazgeç',
  failed: 'Bildirim gönderilemedi. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  thanksTitle: 'Teşekkürler',
  thanksText: 'Bildiriminiz ekibimize ulaştı. İşlem yapıldığında size haber vereceğiz; kimin bildirdiği hiçbir zaman paylaşılmaz.',
  close: 'Kapat',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-report.ts', { trReport });
