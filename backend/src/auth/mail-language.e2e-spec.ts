import { mailsTo as readMails } from '../../test/outbox';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';

/**
 * Issue 26: the mails a request triggers (verification at sign-up, password reset) are in the
 * language the member chose in settings, else in the request's (`Accept-Language`), else
 * Turkish; the success answers' `message` follows the request, as errors do. Real PostgreSQL,
 * the real mail transport's outbox.
 */
describe('the language of the auth mails and answers (real PostgreSQL, real mail transport)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsTo = (email: string) => readMails(t, email);
  const choose = async (user: Pick<User, 'id'>, language: 'tr' | 'en') =>
    t.http.put('/api/users/me/preferences').set('authorization', await t.bearer(user)).send({ display: { language } }).expect(200);
  const forgot = (email: string, acceptLanguage?: string) => {
    const req = t.http.post('/api/auth/forgot-password');
    if (acceptLanguage) req.set('accept-language', acceptLanguage);
    return req.send({ email }).expect(200);
  };

  describe('password reset', () => {
    it('is Turkish, as before, for a member who never chose and a request that does not ask for English', async () => {
      const user = await t.createUser({ displayName: 'Tülin Türkçe' });
      const res = await forgot(user.email, 'tr-TR,tr;q=0.9,en;q=0.8');
      expect(res.body).toEqual({ message: 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.' });
      const [mail, ...rest] = await mailsTo(user.email);
      expect(rest).toEqual([]);
      expect(mail).toContain('<html lang="tr">');
      expect(mail).toContain('Merhaba Tülin Türkçe, gündem hesabınız için bir şifre sıfırlama isteği aldık.');
      expect(mail).toContain('Yeni şifrenizi belirlemek için: http://gundem.test/reset-password?token=');
      expect(mail).not.toContain('Hello');
    });

    it("follows an English request for a member who never chose, and answers the request's message in English", async () => {
      const user = await t.createUser({ displayName: 'Eda English' });
      const res = await forgot(user.email, 'en-US,en;q=0.9');
      expect(res.body).toEqual({ message: 'If this e-mail address is registered, a password reset link was sent.' });
      const [mail] = await mailsTo(user.email);
      expect(mail).toContain('<html lang="en">');
      expect(mail).toContain('Hello Eda English, we received a request to reset the password of your gündem account.');
      expect(mail).toContain('To set your new password: http://gundem.test/reset-password?token=');
      expect(mail).toContain('If the button does not work, paste this address into your browser:');
      expect(mail).not.toContain('Merhaba');
    });

    it("is in the member's chosen language, whatever the request asks for", async () => {
      const english = await t.createUser({ displayName: 'Ece Chosen' });
      await choose(english, 'en');
      await forgot(english.email, 'tr');
      const [toEnglish] = await mailsTo(english.email);
      expect(toEnglish).toContain('<html lang="en">');
      expect(toEnglish).toContain('Hello Ece Chosen, we received a request');

      const turkish = await t.createUser({ displayName: 'Tan Seçen' });
      await choose(turkish, 'tr');
      // The answer follows the request; the mail, the member's choice.
      expect((await forgot(turkish.email, 'en')).body.message).toBe('If this e-mail address is registered, a password reset link was sent.');
      const [toTurkish] = await mailsTo(turkish.email);
      expect(toTurkish).toContain('<html lang="tr">');
      expect(toTurkish).toContain('Merhaba Tan Seçen, gündem hesabınız için');
    });
  });

  describe('e-mail verification at sign-up', () => {
    let settings: SettingsService;
    beforeAll(async () => {
      settings = t.app.get(SettingsService);
      await settings.update({ emailVerificationRequired: true }, await t.createUser({ role: 'admin' }));
    });
    afterAll(async () => {
      await settings.update({ emailVerificationRequired: false }, await t.createUser({ role: 'admin' }));
    });

    const register = (acceptLanguage?: string) => {
      const username = uniqueName('dil');
      const body = { username, displayName: 'Dil Deneme', email: `${username}@ornek.com`, password: 'gizli123' };
      const req = t.http.post('/api/auth/register');
      if (acceptLanguage) req.set('accept-language', acceptLanguage);
      return req
        .send(body)
        .expect(201)
        .then((res) => ({ ...body, res }));
    };

    it("mails the link in English and answers in English for an English request", async () => {
      const member = await register('en');
      expect(member.res.body.message).toBe('Signed up! Please check your e-mail and verify your account.');
      const [mail] = await mailsTo(member.email);
      expect(mail).toContain('<html lang="en">');
      expect(mail).toContain('Hello Dil Deneme, welcome to gündem! Click the link below to verify your account.');
      expect(mail).toContain('Verify my account');
      expect(mail).toContain('http://gundem.test/api/auth/verify-email?token=');
    });

    it('mails it in Turkish without Accept-Language, with the Turkish answer', async () => {
      const member = await register();
      expect(member.res.body.message).toBe('Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.');
      const [mail] = await mailsTo(member.email);
      expect(mail).toContain('<html lang="tr">');
      expect(mail).toContain("Merhaba Dil Deneme, gündem'e hoş geldiniz!");
      expect(mail).toContain('Hesabımı doğrula');
    });

    it("answers the link's JSON in the request's language (a response the controller writes itself)", async () => {
      const member = await register('en');
      const [mail] = await mailsTo(member.email);
      const link = /http:\/\/gundem\.test(\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail!)![1]!;
      const res = await t.http.get(link).set('accept', 'application/json').set('accept-language', 'en').expect(200);
      expect(res.body).toEqual({ message: 'Your e-mail address was verified.' });
      const again = await t.http.get(link).set('accept', 'application/json').expect(200);
      expect(again.body).toEqual({ message: 'E-posta adresiniz doğrulandı.' });
    });
  });
});
