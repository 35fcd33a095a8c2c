import {
  type DigestLine,
  notificationDigestMail,
  passwordResetMail,
  registrationApprovedMail,
  registrationRejectedMail,
  verifyEmailMail,
} from './mail.templates';

/** Issue 26: every mail in English beside Turkish, the Turkish one unchanged and the default. */
describe('mail templates', () => {
  const link = 'https://gundem.test/x?a=1&b=2';

  it('are Turkish by default, English when asked: subject, text, html and its lang', () => {
    const cases = [
      [passwordResetMail, 'gündem şifre sıfırlama', 'gündem password reset', 'Set a new password'],
      [verifyEmailMail, 'gündem e-posta doğrulama', 'gündem e-mail verification', 'Verify my account'],
      [registrationApprovedMail, 'gündem kaydınız onaylandı', 'Your gündem sign-up was approved', 'Go to gündem'],
      [registrationRejectedMail, 'gündem kayıt başvurunuz', 'Your gündem sign-up request', 'Go to gündem'],
    ] as const;
    for (const [make, trSubject, enSubject, enButton] of cases) {
      const tr = make('a@ornek.com', 'Ali <Veli>', link);
      expect(tr).toEqual(make('a@ornek.com', 'Ali <Veli>', link, 'tr'));
      expect(tr.subject).toBe(trSubject);
      expect(tr.html).toContain('<html lang="tr">');
      expect(tr.text).toMatch(/^Merhaba Ali <Veli>, /);
      expect(tr.text.endsWith('\n\n— gündem')).toBe(true);

      const en = make('a@ornek.com', 'Ali <Veli>', link, 'en');
      expect(en.subject).toBe(enSubject);
      expect(en.html).toContain('<html lang="en">');
      expect(en.html).toContain(enButton);
      // The name is escaped in the HTML, as in Turkish.
      expect(en.html).toContain('Hello Ali &#60;Veli&#62;, ');
      expect(en.html).toContain('If the button does not work, paste this address into your browser:<br>https://gundem.test/x?a=1&#38;b=2');
      expect(en.text).toMatch(/^Hello Ali <Veli>, /);
      expect(en.text).toContain(link);
      expect(en.text.endsWith('\n\n— the gündem team')).toBe(true);
      expect(en.link).toBe(link);
    }
  });

  it('give the English digest its plurals: one notification, one other, one more', () => {
    const lines: DigestLine[] = [
      { type: 'like', actorName: 'Ayşe', actorCount: 2, postContent: 'x'.repeat(100) },
      { type: 'reply', actorName: null, actorCount: 1, postContent: 'kısa' },
      { type: 'moderation', actorName: null, actorCount: 0, postContent: null },
      { type: 'report_resolved', actorName: null, actorCount: 0, postContent: null },
      { type: 'mystery', actorName: 'Can', actorCount: 3, postContent: null },
    ];
    const many = notificationDigestMail('a@ornek.com', 'Ali', 6, lines, link, 'en');
    expect(many.subject).toBe('gündem: 6 unread notifications');
    expect(many.text.split('\n')).toEqual([
      'Hello Ali, you have 6 unread notifications on gündem.',
      '',
      `• Ayşe and 1 other liked your post: “${'x'.repeat(79)}…”`,
      '• Someone replied to your post: “kısa”',
      '• There is a moderation notice about your account.',
      '• Your report was resolved.',
      '• Can and 2 others did something',
      'and 1 more notification.',
      '',
      `Your notifications: ${link}`,
      '',
      'We send this e-mail at most once a day. You can turn it off in Settings › Notifications › E-mail notifications.',
      '',
      '— the gündem team',
    ]);
    expect(many.html).toContain('<html lang="en">');
    expect(many.html).toContain('Go to notifications');

    const one = notificationDigestMail('a@ornek.com', 'Ali', 1, [lines[1]!], link, 'en');
    expect(one.subject).toBe('gündem: 1 unread notification');
    expect(one.text).toContain('Hello Ali, you have 1 unread notification on gündem.');
    expect(one.text).not.toContain('more');
    expect(notificationDigestMail('a@ornek.com', 'Ali', 9, lines, link, 'en').text).toContain('and 4 more notifications.');
    expect(notificationDigestMail('a@ornek.com', 'Ali', 6, lines, link).text).toContain('• Ayşe ve 1 kişi daha gönderinizi beğendi');
  });
});
