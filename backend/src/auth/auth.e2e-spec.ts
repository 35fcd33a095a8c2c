import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import { HASHING_CONCURRENCY, hashPassword, passwordHashingLoad, verifyPassword } from '../users/password-hashing';
import { UsersService } from '../users/users.service';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed as jsonwebtoken did with the secret given as a string (before the key became a KeyObject). */
function signHmac(header: object, claims: object, secret: string, algorithm = 'sha256'): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac(algorithm, Buffer.from(secret, 'utf8')).update(body).digest('base64url')}`;
}

describe('auth API (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function registration(overrides: Record<string, unknown> = {}) {
    const username = uniqueName('kayit');
    return { username, displayName: 'Kayıt Deneme', email: `${username}@ornek.com`, password: 'gizli123', ...overrides };
  }

  async function outboxLink(email: string): Promise<string> {
    await t.app.get(MailService).flush();
    const dir = join(t.config.dataDir, 'outbox');
    const files = readdirSync(dir).sort();
    for (const file of files.reverse()) {
      const raw = readFileSync(join(dir, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      // Quoted-printable soft line breaks are joined before reading the link.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/\S+?reset-password\?token=[A-Za-z0-9_-]+&email=[^\s"<]+/.exec(text);
      if (match) return match[0];
    }
    throw new Error(`no reset mail for ${email}`);
  }

  describe('POST /api/auth/register', () => {
    it('creates an account and, with no e-mail verification required, signs the member in at once', async () => {
      const body = registration({ email: 'Buyuk.Harf@Ornek.com' });
      const res = await t.http.post('/api/auth/register').send(body).expect(201);
      expect(res.body.message).toBe('Kayıt başarılı! Hoş geldiniz.');
      expect(res.body.user).toMatchObject({ username: body.username, displayName: 'Kayıt Deneme', email: 'buyuk.harf@ornek.com', role: 'user', isActive: true });
      expect(res.body.user._id).toBe(res.body.user.id);
      expect(res.body.user.lastLogin).toEqual(expect.any(String));
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
      // The token is a session like login's, and the home-page cookie is set beside it.
      expect(res.body.token).toEqual(expect.any(String));
      const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(me.body.user.username).toBe(body.username);
      expect(String(res.headers['set-cookie'])).toMatch(/gundem_home=[^;]+;.*HttpOnly/);
      const [row] = await t.db.query('SELECT password_hash FROM users WHERE id = $1', [res.body.user.id]);
      // OWASP's argon2id minimum, spelled out: 19 MiB, 2 passes, 1 lane.
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it("answers SPEC's check-your-e-mail message and no session when verification is required", async () => {
      const settings = t.app.get(SettingsService);
      await settings.update({ emailVerificationRequired: true }, await t.createUser({ role: 'admin' }));
      try {
        const body = registration();
        const res = await t.http.post('/api/auth/register').send(body).expect(201);
        expect(res.body.message).toBe('Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.');
        expect(res.body.user).toMatchObject({ username: body.username, isEmailVerified: false });
        expect(res.body.token).toBeUndefined();
        expect(res.headers['set-cookie']).toBeUndefined();
        // The login waits for the link.
        await t.http.post('/api/auth/login').send({ login: body.email, password: body.password }).expect(403);
      } finally {
        await settings.update({ emailVerificationRequired: false }, await t.createUser({ role: 'admin' }));
      }
    });

    it("refuses a registration sent by another site's page, as login does (it may set the cookie)", async () => {
      const res = await t.http.post('/api/auth/register').set('Origin', 'https://kotu.example').send(registration()).expect(403);
      expect(res.body.message).toBe('Bu istek başka bir siteden gönderildiği için reddedildi. Lütfen gündem’in kendi sayfasından deneyin.');
    });

    it.each([
      ['username with a dot', { username: 'ali.veli' }, 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz'],
      ['username with a Turkish letter', { username: 'ışıl' }, 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz'],
      ['username too short', { username: 'ab' }, 'Kullanıcı adı 3-30 karakter olmalıdır.'],
      ['username too long', { username: 'a'.repeat(31) }, 'Kullanıcı adı 3-30 karakter olmalıdır.'],
      ['missing username', { username: undefined }, 'Kullanıcı adı zorunludur.'],
      ['missing display name', { displayName: '   ' }, 'Görünen ad zorunludur.'],
      ['bad e-mail', { email: 'ornek.com' }, 'Geçerli bir e-posta adresi girin.'],
      ['missing e-mail', { email: undefined }, 'E-posta zorunludur.'],
      ['short password', { password: '12345' }, 'Şifre en az 6 karakter olmalıdır.'],
      ['missing password', { password: undefined }, 'Şifre zorunludur.'],
      ['password not a string', { password: 123456 }, 'Şifre zorunludur.'],
      ['unknown field', { role: 'admin' }, 'Bilinmeyen alan: role'],
    ])('refuses %s with 400 and a Turkish message', async (_name, overrides, message) => {
      const res = await t.http.post('/api/auth/register').send(registration(overrides)).expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
    });

    it('answers 409 for a username or e-mail that is taken, whatever the case', async () => {
      const body = registration();
      await t.http.post('/api/auth/register').send(body).expect(201);
      const sameName = await t.http
        .post('/api/auth/register')
        .send(registration({ username: body.username.toUpperCase() }))
        .expect(409);
      expect(sameName.body).toEqual({ message: 'Bu kullanıcı adı zaten alınmış.', statusCode: 409 });
      const sameMail = await t.http
        .post('/api/auth/register')
        .send(registration({ email: body.email.toUpperCase() }))
        .expect(409);
      expect(sameMail.body).toEqual({ message: 'Bu e-posta adresi zaten kayıtlı.', statusCode: 409 });
    });

    it('lets exactly one of ten racing registrations of one username through', async () => {
      const username = uniqueName('yaris');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.http.post('/api/auth/register').send(registration({ username, email: `${username}${i}@ornek.com` })),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    });

    it('answers malformed JSON and oversized bodies with 4xx Turkish messages', async () => {
      const bad = await t.http.post('/api/auth/register').set('content-type', 'application/json').send('{"username":').expect(400);
      expect(bad.body).toEqual({ message: 'İstek gövdesi geçerli bir JSON değil.', statusCode: 400 });
      const huge = await t.http
        .post('/api/auth/register')
        .send(registration({ displayName: 'x'.repeat(200_000) }))
        .expect(413);
      expect(huge.body).toEqual({ message: 'İstek gövdesi çok büyük.', statusCode: 413 });
    });
  });

  describe('POST /api/auth/login', () => {
    it('accepts the e-mail or the username (any case) and returns user and token', async () => {
      const user = await t.createUser();
      for (const login of [user.email, user.email.toUpperCase(), user.username, user.username.toUpperCase()]) {
        const res = await t.http.post('/api/auth/login').send({ login, password: user.password }).expect(200);
        expect(res.body.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
        expect(typeof res.body.token).toBe('string');
        expect(res.body.user.lastLogin).not.toBeNull();
      }
    });

    it('refuses a wrong password and an unknown account with the same 401 message', async () => {
      const user = await t.createUser();
      const wrong = await t.http.post('/api/auth/login').send({ login: user.email, password: 'yanlis-sifre' }).expect(401);
      const unknown = await t.http.post('/api/auth/login').send({ login: 'kimse@ornek.com', password: 'yanlis-sifre' }).expect(401);
      expect(wrong.body).toEqual({ message: 'E-posta/kullanıcı adı veya şifre hatalı.', statusCode: 401 });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('validates the fields', async () => {
      const res = await t.http.post('/api/auth/login').send({ login: '', password: 'x' }).expect(400);
      expect(res.body.message).toBe('E-posta veya kullanıcı adı zorunludur.');
      const res2 = await t.http.post('/api/auth/login').send({ login: 'ayse' }).expect(400);
      expect(res2.body.message).toBe('Şifre zorunludur.');
    });

    it('still accepts passwords hashed with other argon2 parameters (they travel in the hash)', async () => {
      const user = await t.createUser();
      const old = await hash(user.password, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
      expect(old).toMatch(/\$m=4096,t=3,p=1\$/);
      await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, old]);
      await t.http.post('/api/auth/login').send({ login: user.username, password: user.password }).expect(200);
      await t.http.post('/api/auth/login').send({ login: user.username, password: 'yanlis-sifre' }).expect(401);
    });

    it('hashes off the event loop: a timer scheduled after the hash starts runs before it ends', async () => {
      const order: string[] = [];
      const done = hashPassword('gizli123').then(() => order.push('hash'));
      setImmediate(() => order.push('loop'));
      await done;
      expect(order).toEqual(['loop', 'hash']);
      expect(await verifyPassword(await hashPassword('x'), 'x')).toBe(true);
      expect(await verifyPassword('not a hash', 'x')).toBe(false);
    });

    it('runs a bounded number of hashes at a time (one core kept free), however many logins arrive', async () => {
      const users = await Promise.all(Array.from({ length: 3 }, () => t.createUser()));
      const logins = Array.from({ length: (HASHING_CONCURRENCY + 1) * 3 }, (_, i) => users[i % users.length]);
      let maxRunning = 0;
      let maxWaiting = 0;
      const probe = setInterval(() => {
        const load = passwordHashingLoad();
        maxRunning = Math.max(maxRunning, load.running);
        maxWaiting = Math.max(maxWaiting, load.waiting);
      }, 1);
      try {
        const answers = await Promise.all(logins.map((u) => t.http.post('/api/auth/login').send({ login: u.username, password: u.password })));
        expect(answers.map((r) => r.status)).toEqual(logins.map(() => 200));
      } finally {
        clearInterval(probe);
      }
      expect(maxRunning).toBe(HASHING_CONCURRENCY);
      expect(maxWaiting).toBeGreaterThan(0);
      expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
    });

    it('refuses a deactivated account with 403', async () => {
      const user = await t.createUser({ isActive: false });
      const res = await t.http.post('/api/auth/login').send({ login: user.email, password: user.password }).expect(403);
      expect(res.body).toEqual({ message: 'Hesabınız devre dışı bırakılmış.', statusCode: 403 });
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the signed-in user', async () => {
      const user = await t.createUser();
      const login = await t.http.post('/api/auth/login').send({ login: user.username, password: user.password });
      const res = await t.http.get('/api/auth/me').set('authorization', `Bearer ${login.body.token}`).expect(200);
      expect(res.body.user).toMatchObject({ id: user.id, _id: user.id, email: user.email, isEmailVerified: true });
      expect(res.body.user).not.toHaveProperty('passwordHash');
    });

    it('answers 401 without a token, with a malformed one, and with one signed by another key', async () => {
      await t.http.get('/api/auth/me').expect(401);
      await t.http.get('/api/auth/me').set('authorization', 'Bearer nope').expect(401);
      const forged =
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJ2ZXIiOjB9.c2lnbmF0dXJl';
      const res = await t.http.get('/api/auth/me').set('authorization', `Bearer ${forged}`).expect(401);
      expect(res.body.statusCode).toBe(401);
      expect(res.body.message).toMatch(/Oturum/);
    });

    it('refuses the token of a user deactivated or deleted after it was issued', async () => {
      const user = await t.createUser();
      const token = await t.tokenFor(user);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
      const other = await t.createUser();
      const otherToken = await t.tokenFor(other);
      await t.db.query('DELETE FROM users WHERE id = $1', [other.id]);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${otherToken}`).expect(401);
    });

    it('accepts tokens signed before and after the key became a KeyObject; refuses tampered ones', async () => {
      const user = await t.createUser();
      const secret = t.config.jwtSecret;
      const now = Math.floor(Date.now() / 1000);
      // Signed the old way: HMAC-SHA256 over the secret string's bytes.
      const before = signHmac({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, ver: 0, iat: now, exp: now + 600 }, secret);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${before}`).expect(200);
      // Signed now: still HS256 over the same key bytes, so a node not yet upgraded accepts it too.
      const after = await t.tokenFor(user);
      const [header, claims, signature] = after.split('.');
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${header}.${claims}`).digest('base64url')).toBe(signature);
      const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
      expect(payload).toMatchObject({ sub: user.id, ver: 0 });
      expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${after}`).expect(200);

      const other = await t.createUser();
      const tampered = [
        // Another user's id under the original signature.
        `${header}.${b64({ ...payload, sub: other.id })}.${signature}`,
        // A later expiry under the original signature.
        `${header}.${b64({ ...payload, exp: payload.exp + 3600 })}.${signature}`,
        // One character of the signature changed.
        `${header}.${claims}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`,
        // Unsigned.
        `${b64({ alg: 'none', typ: 'JWT' })}.${claims}.`,
        // The right secret, but not the algorithm the server uses.
        signHmac({ alg: 'HS512', typ: 'JWT' }, payload, secret, 'sha512'),
      ];
      for (const token of tampered) {
        const res = await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
        expect(res.body).toEqual({ message: 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.', statusCode: 401 });
      }
    });

    it('refuses a token issued before a password reset (session version), and one for a non-uuid subject', async () => {
      const user = await t.createUser();
      const token = await t.tokenFor(user);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
      // What a password reset does (and then drops the cached session on every node).
      await t.app.get(UsersService).setPassword(user.id, 'yeni-parola-123');
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${await t.tokenFor(user)}`).expect(200);
      const now = Math.floor(Date.now() / 1000);
      const odd = signHmac({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', ver: 0, iat: now, exp: now + 600 }, t.config.jwtSecret);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${odd}`).expect(401);
    });

    it('refuses an expired token', async () => {
      const user = await t.createUser();
      const { JwtService } = await import('@nestjs/jwt');
      const expired = t.app.get(JwtService).sign({ sub: user.id, ver: 0 }, { expiresIn: -10 });
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${expired}`).expect(401);
    });
  });

  describe('forgot and reset password', () => {
    const SAME = { message: 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.' };

    it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
      const user = await t.createUser();
      const known = await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'yok-boyle-biri@ornek.com' }).expect(200);
      expect(known.body).toEqual(SAME);
      expect(unknown.body).toEqual(SAME);
      const link = await outboxLink(user.email);
      expect(link.startsWith('http://gundem.test/reset-password?token=')).toBe(true);
      await expect(outboxLink('yok-boyle-biri@ornek.com')).rejects.toThrow();
      const bad = await t.http.post('/api/auth/forgot-password').send({ email: 'olmaz' }).expect(400);
      expect(bad.body.message).toBe('Geçerli bir e-posta adresi girin.');
    });

    it('stores only a hash of a 256-bit token that expires in one hour', async () => {
      const user = await t.createUser();
      await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const token = new URL(await outboxLink(user.email)).searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [row] = await t.db.query(
        `SELECT token_hash, extract(epoch FROM expires_at - created_at) AS ttl FROM user_tokens WHERE user_id = $1`,
        [user.id],
      );
      expect(row.token_hash).not.toContain(token);
      expect(Number(row.ttl)).toBeCloseTo(3600, -1);
    });

    it('resets the password once: the link cannot be reused, old tokens stop working', async () => {
      const user = await t.createUser();
      const oldToken = await t.tokenFor(user);
      await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const url = new URL(await outboxLink(user.email));
      const body = { token: url.searchParams.get('token'), email: url.searchParams.get('email'), newPassword: 'yeni-sifre-1' };
      const ok = await t.http.post('/api/auth/reset-password').send(body).expect(200);
      expect(ok.body.message).toBe('Şifreniz başarıyla sıfırlandı!');
      await t.http.post('/api/auth/login').send({ login: user.email, password: 'yeni-sifre-1' }).expect(200);
      await t.http.post('/api/auth/login').send({ login: user.email, password: user.password }).expect(401);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${oldToken}`).expect(401);
      const again = await t.http.post('/api/auth/reset-password').send({ ...body, newPassword: 'ucuncu-sifre' }).expect(400);
      expect(again.body).toEqual({ message: 'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş.', statusCode: 400 });
    });

    it('refuses an expired token, a wrong e-mail and a short password', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const token = new URL(await outboxLink(user.email)).searchParams.get('token');
      const short = await t.http.post('/api/auth/reset-password').send({ token, email: user.email, newPassword: '123' }).expect(400);
      expect(short.body.message).toBe('Şifre en az 6 karakter olmalıdır.');
      await t.http.post('/api/auth/reset-password').send({ token, email: other.email, newPassword: 'baska-sifre' }).expect(400);
      await t.db.query(`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      const expired = await t.http.post('/api/auth/reset-password').send({ token, email: user.email, newPassword: 'baska-sifre' }).expect(400);
      expect(expired.body.message).toBe('Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş.');
    });

    it('lets only one of several concurrent uses of one link succeed', async () => {
      const user = await t.createUser();
      await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const token = new URL(await outboxLink(user.email)).searchParams.get('token');
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          t.http.post('/api/auth/reset-password').send({ token, email: user.email, newPassword: `paralel-${i}-sifre` }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    });
  });

  describe('errors and health', () => {
    it('refuses NUL characters in bodies and query strings with 400, never a 500', async () => {
      const body = await t.http.post('/api/auth/login').send({ login: 'ay\u0000se', password: 'x' }).expect(400);
      expect(body.body).toEqual({ message: 'İstek geçersiz bir karakter içeriyor.', statusCode: 400 });
      const user = await t.createUser();
      const token = await t.tokenFor(user);
      await t.http.post('/api/posts').set('authorization', `Bearer ${token}`).send({ content: 'mer\u0000haba' }).expect(400);
      await t.http.get('/api/posts/search').query({ q: 'a\u0000b' }).expect(400);
    });

    it('answers unknown API paths with a Turkish 404', async () => {
      const res = await t.http.get('/api/yok-boyle-bir-yol').expect(404);
      expect(res.body).toEqual({ message: 'İstenen kaynak bulunamadı.', statusCode: 404 });
    });

    it('reports the database as up', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.body.status).toBe('ok');
    });

    it('serves the OpenAPI document with the auth routes', async () => {
      const res = await t.http.get('/api/docs/openapi.json').expect(200);
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/health']));
    });
  });
});
