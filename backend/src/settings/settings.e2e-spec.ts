import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/user.entity';
import { SettingsService } from './settings.service';

const DEFAULTS = {
  siteName: 'gündem',
  registrationMode: 'open',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: 280,
  allowedFileTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  blockedEmailDomains: [],
  maxFileSize: 5242880,
  maxImagesPerPost: 4,
  maxImagePixels: 40000000,
  mediaUploadsPerHour: 60,
  rateLimit: { windowMs: 900000, maxRequests: 100 },
};

describe('admin settings (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  let member: User & { password: string };
  let adminAuth: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
    member = await t.createUser();
    adminAuth = `Bearer ${await t.tokenFor(admin)}`;
  });
  afterEach(async () => {
    // Every test starts from the defaults.
    await t.http.patch('/api/admin/settings').set('authorization', adminAuth).send(DEFAULTS).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const save = (body: object) => t.http.patch('/api/admin/settings').set('authorization', adminAuth).send(body);
  const registration = (overrides: Record<string, unknown> = {}) => {
    const username = uniqueName('ayar');
    return { username, displayName: 'Ayar Deneme', email: `${username}@ornek.com`, password: 'gizli123', ...overrides };
  };

  describe('GET and PATCH /api/admin/settings', () => {
    it('starts with the defaults of docs/wire-contract.md#settings, from the row the migration inserted', async () => {
      const res = await t.http.get('/api/admin/settings').set('authorization', adminAuth).expect(200);
      expect(res.body).toEqual({ settings: DEFAULTS });
      expect(await t.db.query('SELECT id FROM settings')).toEqual([{ id: 1 }]);
    });

    it('saves the whole settings object and answers it with the Turkish message', async () => {
      const changed = {
        ...DEFAULTS,
        registrationMode: 'closed',
        registrationEnabled: false,
        emailVerificationRequired: true,
        maxTweetLength: 500,
        allowedFileTypes: ['image/png', 'video/mp4'],
        maxFileSize: 50 * 1024 * 1024,
        rateLimit: { windowMs: 60_000, maxRequests: 1000 },
      };
      const res = await save(changed).expect(200);
      expect(res.body).toEqual({ message: 'Ayarlar başarıyla kaydedildi!', settings: changed });
      expect((await t.http.get('/api/admin/settings').set('authorization', adminAuth).expect(200)).body.settings).toEqual(changed);
      const [row] = await t.db.query('SELECT updated_by FROM settings');
      expect(row.updated_by).toBe(admin.id);
    });

    it('changes only the fields a partial object names', async () => {
      const res = await save({ maxTweetLength: 140, rateLimit: { maxRequests: 50 } }).expect(200);
      expect(res.body.settings).toEqual({ ...DEFAULTS, maxTweetLength: 140, rateLimit: { windowMs: 900000, maxRequests: 50 } });
    });

    it('keeps the site name read-only: the same name is tolerated, another one refused', async () => {
      await save({ ...DEFAULTS, siteName: 'gündem' }).expect(200);
      for (const siteName of ['başka site', 'Gündem', '', 5, null]) {
        const res = await save({ ...DEFAULTS, siteName, maintenanceMode: true }).expect(400);
        expect(res.body).toEqual({ message: 'Site adı değiştirilemez.', statusCode: 400 });
      }
      const [row] = await t.db.query('SELECT site_name, maintenance_mode FROM settings');
      expect(row).toEqual({ site_name: 'gündem', maintenance_mode: false });
    });

    const RANGE = {
      tweet: 'Maksimum gönderi uzunluğu 1 ile 500 arasında bir tam sayı olmalıdır.',
      file: 'Maksimum dosya boyutu 1 MB ile 50 MB arasında (bayt cinsinden tam sayı) olmalıdır.',
      window: 'Hız sınırı süresi 1 ile 60 dakika arasında (milisaniye cinsinden tam sayı) olmalıdır.',
      requests: 'Hız sınırı istek sayısı 10 ile 1000 arasında bir tam sayı olmalıdır.',
      images: 'Gönderi başına görsel sayısı 1 ile 10 arasında bir tam sayı olmalıdır.',
      pixels: 'Görsel başına piksel sınırı 1 ile 100 milyon arasında (piksel cinsinden tam sayı) olmalıdır.',
      uploads: 'Saatlik görsel yükleme sınırı 1 ile 1000 arasında bir tam sayı olmalıdır.',
      types: 'İzin verilen dosya türleri en fazla 50 farklı MIME türünden (ör. image/png) oluşan bir liste olmalıdır.',
    };
    it.each([
      ['maxTweetLength 0', { maxTweetLength: 0 }, RANGE.tweet],
      ['maxTweetLength 501', { maxTweetLength: 501 }, RANGE.tweet],
      ['maxTweetLength 1.5', { maxTweetLength: 1.5 }, RANGE.tweet],
      ['maxTweetLength as a string', { maxTweetLength: '280' }, RANGE.tweet],
      ['maxFileSize under 1 MB', { maxFileSize: 1024 * 1024 - 1 }, RANGE.file],
      ['maxFileSize over 50 MB', { maxFileSize: 50 * 1024 * 1024 + 1 }, RANGE.file],
      ['maxImagesPerPost 0', { maxImagesPerPost: 0 }, RANGE.images],
      ['maxImagesPerPost 11', { maxImagesPerPost: 11 }, RANGE.images],
      ['maxImagePixels under a million', { maxImagePixels: 999_999 }, RANGE.pixels],
      ['mediaUploadsPerHour 1001', { mediaUploadsPerHour: 1001 }, RANGE.uploads],
      ['rateLimit.windowMs under a minute', { rateLimit: { windowMs: 59_999, maxRequests: 100 } }, RANGE.window],
      ['rateLimit.windowMs over an hour', { rateLimit: { windowMs: 3_600_001, maxRequests: 100 } }, RANGE.window],
      ['rateLimit.maxRequests 9', { rateLimit: { windowMs: 900000, maxRequests: 9 } }, RANGE.requests],
      ['rateLimit.maxRequests 1001', { rateLimit: { windowMs: 900000, maxRequests: 1001 } }, RANGE.requests],
      ['rateLimit not an object', { rateLimit: 100 }, 'Hız sınırı ayarları geçersiz.'],
      ['rateLimit null', { rateLimit: null }, 'Hız sınırı ayarları geçersiz.'],
      ['an unknown field inside rateLimit', { rateLimit: { windowMs: 900000, burst: 5 } }, 'Bilinmeyen alan: burst'],
      ['registrationEnabled as a string', { registrationEnabled: 'false' }, 'Yeni kayıtlar ayarı true ya da false olmalıdır.'],
      ['blockedEmailDomains not a list', { blockedEmailDomains: 'ornek.com' }, 'Engellenen e-posta alan adları en fazla 1000 alan adından (ör. ornek.com) oluşan bir liste olmalıdır.'],
      ['blockedEmailDomains with no domain name', { blockedEmailDomains: ['ornek.com', 'ornek'] }, 'Engellenen e-posta alan adlarında geçersiz bir değer var: “ornek”. Örnek: ornek.com'],
      ['blockedEmailDomains with an address', { blockedEmailDomains: ['ali@ornek.com'] }, 'Engellenen e-posta alan adlarında geçersiz bir değer var: “ali@ornek.com”. Örnek: ornek.com'],
      ['blockedEmailDomains too long', { blockedEmailDomains: Array.from({ length: 1001 }, (_, i) => `alan${i}.com`) }, 'Engellenen e-posta alan adları en fazla 1000 alan adından (ör. ornek.com) oluşan bir liste olmalıdır.'],
      ['an unknown registrationMode', { registrationMode: 'invite' }, 'Kayıt modu open (açık), approval (onaylı) ya da closed (kapalı) olmalıdır.'],
      ['emailVerificationRequired as a number', { emailVerificationRequired: 1 }, 'E-posta doğrulaması ayarı true ya da false olmalıdır.'],
      ['maintenanceMode null', { maintenanceMode: null }, 'Bakım modu ayarı true ya da false olmalıdır.'],
      ['allowedFileTypes not a list', { allowedFileTypes: 'image/png' }, RANGE.types],
      ['allowedFileTypes with a bare extension', { allowedFileTypes: ['png'] }, RANGE.types],
      ['allowedFileTypes with a repeat', { allowedFileTypes: ['image/png', 'image/png'] }, RANGE.types],
      ['allowedFileTypes too long', { allowedFileTypes: Array.from({ length: 51 }, (_, i) => `image/x-tur${i}`) }, RANGE.types],
      ['an unknown field', { theme: 'dark' }, 'Bilinmeyen alan: theme'],
    ])('refuses %s with a Turkish 400 and saves nothing', async (_name, body, message) => {
      const res = await save({ ...DEFAULTS, maintenanceMode: true, ...body }).expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
      expect((await t.http.get('/api/admin/settings').set('authorization', adminAuth).expect(200)).body.settings).toEqual(DEFAULTS);
    });

    it('accepts the edges of every range', async () => {
      await save({ maxTweetLength: 1, maxFileSize: 1024 * 1024, rateLimit: { windowMs: 60_000, maxRequests: 10 } }).expect(200);
      await save({ maxTweetLength: 500, maxFileSize: 50 * 1024 * 1024, rateLimit: { windowMs: 3_600_000, maxRequests: 1000 }, allowedFileTypes: [] }).expect(200);
    });

    it('is for admins only: a moderator gets 403 on both', async () => {
      const auth = await bearer(moderator);
      expect((await t.http.get('/api/admin/settings').set('authorization', auth).expect(403)).body).toEqual({ message: 'Bu işlem için yetkiniz yok.', statusCode: 403 });
      await t.http.patch('/api/admin/settings').set('authorization', auth).send({ ...DEFAULTS, maintenanceMode: true }).expect(403);
      expect((await t.db.query('SELECT maintenance_mode FROM settings'))[0].maintenance_mode).toBe(false);
    });

    it('a change made elsewhere (another node, or by hand) is seen once the cache expires', async () => {
      const settings = t.app.get(SettingsService);
      expect((await settings.get()).maxTweetLength).toBe(280);
      await t.db.query('UPDATE settings SET max_tweet_length = 99');
      // Still the cached copy (the TTL is a few seconds) …
      expect((await settings.get()).maxTweetLength).toBe(280);
      // … until it expires, which invalidate() stands in for here.
      settings.invalidate();
      expect((await settings.get()).maxTweetLength).toBe(99);
    });
  });

  describe('settings take effect', () => {
    it('registrationEnabled=false closes registration with 403', async () => {
      await save({ registrationEnabled: false }).expect(200);
      const body = registration();
      const res = await t.http.post('/api/auth/register').send(body).expect(403);
      expect(res.body).toEqual({ message: 'Yeni kayıtlar şu anda kapalı.', statusCode: 403 });
      expect(await t.db.query('SELECT 1 FROM users WHERE username = $1', [body.username])).toEqual([]);
      // Existing members still sign in.
      await t.http.post('/api/auth/login').send({ login: member.email, password: member.password }).expect(200);
      await save({ registrationEnabled: true }).expect(200);
      await t.http.post('/api/auth/register').send(body).expect(201);
    });

    it('registrationMode closed refuses registration with 403; the older boolean maps onto the mode', async () => {
      expect((await save({ registrationMode: 'closed' }).expect(200)).body.settings).toMatchObject({ registrationMode: 'closed', registrationEnabled: false });
      const body = registration();
      expect((await t.http.post('/api/auth/register').send(body).expect(403)).body.message).toBe('Yeni kayıtlar şu anda kapalı.');
      // true opens a closed site …
      expect((await save({ registrationEnabled: true }).expect(200)).body.settings).toMatchObject({ registrationMode: 'open', registrationEnabled: true });
      // … and keeps an approval one; the mode wins when both are sent.
      await save({ registrationMode: 'approval' }).expect(200);
      expect((await save({ registrationEnabled: true }).expect(200)).body.settings).toMatchObject({ registrationMode: 'approval', registrationEnabled: true });
      expect((await save({ registrationEnabled: false, registrationMode: 'open' }).expect(200)).body.settings).toMatchObject({ registrationMode: 'open' });
      expect((await t.db.query('SELECT registration_mode FROM settings'))[0].registration_mode).toBe('open');
    });

    it('blockedEmailDomains refuses registration on a listed domain and its subdomains, in any case; logs the change', async () => {
      const saved = await save({ blockedEmailDomains: ['  Spam.Example ', '@kotu.com.tr', '*.spam.example', 'örnek-spam.com'] }).expect(200);
      // Normalised, repeats dropped, sorted; an internationalised name in punycode.
      expect(saved.body.settings.blockedEmailDomains).toEqual(['kotu.com.tr', 'spam.example', 'xn--rnek-spam-z7a.com']);
      for (const email of ['ali@spam.example', 'ali@POSTA.SPAM.EXAMPLE', 'ali@kotu.com.tr', 'ali@örnek-spam.com']) {
        const body = registration({ email });
        const res = await t.http.post('/api/auth/register').send(body).expect(400);
        expect(res.body).toEqual({ message: 'Bu e-posta alan adıyla kayıt olunamaz. Lütfen başka bir e-posta adresi kullanın.', statusCode: 400 });
        expect(await t.db.query('SELECT 1 FROM users WHERE username = $1', [body.username])).toEqual([]);
      }
      // A lookalike domain and a parent of a listed one are not blocked.
      await t.http.post('/api/auth/register').send(registration({ email: `${uniqueName('a')}@benzerspam.example` })).expect(201);
      await t.http.post('/api/auth/register').send(registration({ email: `${uniqueName('a')}@com.tr` })).expect(201);
      const [entry] = await t.db.query(`SELECT before, after FROM audit_log WHERE action = 'settings.update' ORDER BY created_at DESC LIMIT 1`);
      expect(entry).toEqual({ before: { blockedEmailDomains: [] }, after: { blockedEmailDomains: ['kotu.com.tr', 'spam.example', 'xn--rnek-spam-z7a.com'] } });
    });

    describe('emailVerificationRequired=true', () => {
      async function verificationLink(email: string): Promise<string> {
        await t.app.get(MailService).flush();
        const dir = join(t.config.dataDir, 'outbox');
        for (const file of readdirSync(dir).sort().reverse()) {
          const raw = readFileSync(join(dir, file), 'utf8');
          if (!raw.includes(`To: ${email}`)) continue;
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const match = /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text);
          if (match) return match[0];
        }
        throw new Error(`no verification mail for ${email}`);
      }
      const mailsTo = async (email: string) => {
        await t.app.get(MailService).flush();
        const dir = join(t.config.dataDir, 'outbox');
        return readdirSync(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes(`To: ${email}`)).length;
      };

      it('mails a one-time 24-hour link on registration; login waits for it; the link verifies the e-mail', async () => {
        await save({ emailVerificationRequired: true }).expect(200);
        const body = registration();
        const reg = await t.http.post('/api/auth/register').send(body).expect(201);
        expect(reg.body.user).toMatchObject({ isEmailVerified: false });
        const link = await verificationLink(body.email);
        expect(link.startsWith('http://gundem.test/api/auth/verify-email?token=')).toBe(true);
        const token = new URL(link).searchParams.get('token')!;
        const [row] = await t.db.query(
          `SELECT token_hash, extract(epoch FROM expires_at - created_at) AS ttl FROM user_tokens WHERE user_id = $1 AND purpose = 'email_verify'`,
          [reg.body.user.id],
        );
        expect(row.token_hash).not.toContain(token);
        expect(Number(row.ttl)).toBeCloseTo(24 * 3600, -1);

        const refused = await t.http.post('/api/auth/login').send({ login: body.email, password: body.password }).expect(403);
        expect(refused.body).toEqual({ message: 'Lütfen önce e-posta adresinizi doğrulayın.', statusCode: 403 });

        const path = link.replace('http://gundem.test', '');
        const ok = await t.http.get(path).set('accept', 'application/json').expect(200);
        expect(ok.body).toEqual({ message: 'E-posta adresiniz doğrulandı.' });
        const login = await t.http.post('/api/auth/login').send({ login: body.email, password: body.password }).expect(200);
        expect(login.body.user.isEmailVerified).toBe(true);
        // Opened again (a mail scanner often opens it first): still reads as verified, changes nothing.
        await t.http.get(path).set('accept', 'application/json').expect(200);
      });

      it('redirects a browser to /?emailVerified=1, or =0 for a bad link; JSON clients get a 400', async () => {
        await save({ emailVerificationRequired: true }).expect(200);
        const body = registration();
        await t.http.post('/api/auth/register').send(body).expect(201);
        const path = (await verificationLink(body.email)).replace('http://gundem.test', '');
        const ok = await t.http.get(path).set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(302);
        expect(ok.headers.location).toBe('/?emailVerified=1');

        const bad = await t.http.get('/api/auth/verify-email?token=uydurma-bir-anahtar').expect(302);
        expect(bad.headers.location).toBe('/?emailVerified=0');
        for (const query of ['?token=uydurma-bir-anahtar', '', '?token=', `?token=${'a'.repeat(300)}`, '?token=a&token=b']) {
          const res = await t.http.get(`/api/auth/verify-email${query}`).set('accept', 'application/json').expect(400);
          expect(res.body).toEqual({ message: 'Doğrulama bağlantısı geçersiz ya da süresi dolmuş.', statusCode: 400 });
        }
      });

      it('refuses an expired link', async () => {
        await save({ emailVerificationRequired: true }).expect(200);
        const body = registration();
        const reg = await t.http.post('/api/auth/register').send(body).expect(201);
        const path = (await verificationLink(body.email)).replace('http://gundem.test', '');
        await t.db.query(`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [reg.body.user.id]);
        await t.http.get(path).set('accept', 'application/json').expect(400);
        expect((await t.db.query('SELECT is_email_verified FROM users WHERE id = $1', [reg.body.user.id]))[0].is_email_verified).toBe(false);
      });

      it('sends a link to an account from before the setting when it tries to log in (at most every 10 minutes)', async () => {
        const old = await t.createUser({ isEmailVerified: false });
        await save({ emailVerificationRequired: true }).expect(200);
        expect(await mailsTo(old.email)).toBe(0);
        await t.http.post('/api/auth/login').send({ login: old.email, password: old.password }).expect(403);
        await t.http.post('/api/auth/login').send({ login: old.email, password: old.password }).expect(403);
        expect(await mailsTo(old.email)).toBe(1);
        // A wrong password learns nothing and sends nothing.
        await t.http.post('/api/auth/login').send({ login: old.email, password: 'yanlis-sifre' }).expect(401);
        const path = (await verificationLink(old.email)).replace('http://gundem.test', '');
        await t.http.get(path).set('accept', 'application/json').expect(200);
        await t.http.post('/api/auth/login').send({ login: old.email, password: old.password }).expect(200);
      });

      it('never locks staff out, and does nothing while the setting is off', async () => {
        const unverifiedAdmin = await t.createUser({ role: 'admin', isEmailVerified: false });
        const unverified = await t.createUser({ isEmailVerified: false });
        await t.http.post('/api/auth/login').send({ login: unverified.email, password: unverified.password }).expect(200);
        const body = registration();
        await t.http.post('/api/auth/register').send(body).expect(201);
        expect(await mailsTo(body.email)).toBe(0);
        await save({ emailVerificationRequired: true }).expect(200);
        await t.http.post('/api/auth/login').send({ login: unverifiedAdmin.email, password: unverifiedAdmin.password }).expect(200);
      });
    });

    describe('maintenanceMode=true', () => {
      const MAINTENANCE = { message: 'Site bakımda. Lütfen daha sonra tekrar deneyin.', statusCode: 503 };

      it('answers every write of members and guests with 503, reads still work, login and staff writes go through', async () => {
        const post = await t.createPost(member, 'bakım öncesi gönderi');
        await save({ maintenanceMode: true }).expect(200);
        const memberAuth = await bearer(member);

        // Members' and guests' writes.
        const writes = {
          post: t.http.post('/api/posts').set('authorization', memberAuth).send({ content: 'bakımda yazılan' }),
          like: t.http.post(`/api/posts/${post.id}/like`).set('authorization', memberAuth),
          repost: t.http.post(`/api/posts/${post.id}/retweet`).set('authorization', memberAuth),
          follow: t.http.post(`/api/users/${admin.id}/follow`).set('authorization', memberAuth),
          register: t.http.post('/api/auth/register').send(registration()),
          forgot: t.http.post('/api/auth/forgot-password').send({ email: member.email }),
          reset: t.http.post('/api/auth/reset-password').send({ token: 'x', email: member.email, newPassword: 'yenisifre' }),
        };
        for (const [name, req] of Object.entries(writes)) {
          const res = await req;
          expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 503, body: MAINTENANCE });
        }
        expect(await t.db.query(`SELECT 1 FROM posts WHERE content = 'bakımda yazılan'`)).toEqual([]);

        // Reads, the health check and login.
        await t.http.get('/api/posts/timeline').expect(200);
        await t.http.get(`/api/posts/${post.id}`).set('authorization', memberAuth).expect(200);
        await t.http.get('/api/auth/me').set('authorization', memberAuth).expect(200);
        await t.http.get('/api/health').expect(200);
        await t.http.post('/api/auth/login').send({ login: member.email, password: member.password }).expect(200);

        // Staff writes go through: a moderator posts, the admin turns maintenance off.
        const modAuth = await bearer(moderator);
        await t.http.post('/api/posts').set('authorization', modAuth).send({ content: 'bakım notu' }).expect(201);
        await t.http.post(`/api/posts/${post.id}/like`).set('authorization', modAuth).expect(200);
        await save({ maintenanceMode: false }).expect(200);
        await t.http.post('/api/posts').set('authorization', memberAuth).send({ content: 'bakım bitti' }).expect(201);
      });

      it('still answers a guest’s write to a signed-in route with 401 (the token is checked first)', async () => {
        await save({ maintenanceMode: true }).expect(200);
        await t.http.post('/api/posts').send({ content: 'misafir' }).expect(401);
      });
    });

    it('maxTweetLength bounds new posts and replies', async () => {
      const auth = await bearer(member);
      await save({ maxTweetLength: 10 }).expect(200);
      const long = await t.http.post('/api/posts').set('authorization', auth).send({ content: 'on bir harf' }).expect(400);
      expect(long.body).toEqual({ message: 'Gönderi en fazla 10 karakter olabilir.', statusCode: 400 });
      const ok = await t.http.post('/api/posts').set('authorization', auth).send({ content: 'on harfli!' }).expect(201);
      // Characters, not UTF-16 units: ten emoji fit.
      await t.http.post('/api/posts').set('authorization', auth).send({ content: '🙂'.repeat(10) }).expect(201);
      const reply = await t.http.post('/api/posts').set('authorization', auth).send({ content: 'uzun bir yanıt', replyToId: ok.body.post.id }).expect(400);
      expect(reply.body.message).toBe('Gönderi en fazla 10 karakter olabilir.');

      await save({ maxTweetLength: 500 }).expect(200);
      await t.http.post('/api/posts').set('authorization', auth).send({ content: 'ç'.repeat(500) }).expect(201);
      const over = await t.http.post('/api/posts').set('authorization', auth).send({ content: 'ç'.repeat(501) }).expect(400);
      expect(over.body.message).toBe('Gönderi en fazla 500 karakter olabilir.');
    });
  });
});
