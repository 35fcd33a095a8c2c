import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { NormaliseEmails1764400000000 } from '../database/migrations/1764400000000-NormaliseEmails';
import { MailService } from '../mail/mail.service';
import { hashPassword } from '../users/password-hashing';

const MIXED = 'E-posta adresinde farklı alfabelerin harfleri bir arada kullanılamaz.';
const BLANK_PASSWORD = 'Şifre yalnızca boşluklardan oluşamaz.';

describe('account input hygiene (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function registration(overrides: Record<string, unknown> = {}) {
    const username = uniqueName('temiz');
    return { username, displayName: 'Temiz Kayıt', email: `${username}@ornek.com`, password: 'gizli123', ...overrides };
  }
  const register = (body: object) => t.http.post('/api/auth/register').send(body);

  async function resetToken(email: string): Promise<string> {
    await t.app.get(MailService).flush();
    const dir = join(t.config.dataDir, 'outbox');
    for (const file of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = raw.includes(`To: ${email}`) && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(raw);
      if (match) return match[1];
    }
    throw new Error(`no reset mail for ${email}`);
  }

  describe('e-mail addresses', () => {
    it('stores one canonical form: ALİ@… and ali@… (and fullwidth) cannot become two accounts', async () => {
      const name = uniqueName('ali');
      const reg = await register(registration({ email: `ALİ.${name.toUpperCase()}@Ornek.COM` })).expect(201);
      expect(reg.body.user.email).toBe(`ali.${name}@ornek.com`);
      const [row] = await t.db.query('SELECT email FROM users WHERE id = $1', [reg.body.user.id]);
      expect(row.email).toBe(`ali.${name}@ornek.com`);
      for (const email of [`ali.${name}@ornek.com`, `ali\u0307.${name}@ornek.com`, `ＡＬＩ.${name}@ornek.com`]) {
        const res = await register(registration({ email })).expect(409);
        expect(res.body).toEqual({ message: 'Bu e-posta adresi zaten kayıtlı.', statusCode: 409 });
      }
    });

    it('finds the account under any spelling at login, forgot-password and reset', async () => {
      const body = registration();
      await register(body).expect(201);
      const shouted = body.email.toUpperCase().replace(/I/g, 'İ');
      await t.http.post('/api/auth/login').send({ login: shouted, password: body.password }).expect(200);
      await t.http.post('/api/auth/forgot-password').send({ email: shouted }).expect(200);
      const token = await resetToken(body.email);
      await t.http.post('/api/auth/reset-password').send({ token, email: shouted, newPassword: 'yeni-sifre-1' }).expect(200);
      await t.http.post('/api/auth/login').send({ login: body.email, password: 'yeni-sifre-1' }).expect(200);
    });

    it('refuses addresses that mix scripts with a Turkish 400', async () => {
      for (const email of ['p\u0430ypal@ornek.com', 'destek@g\u03BFogle.com']) {
        const res = await register(registration({ email })).expect(400);
        expect(res.body).toEqual({ message: MIXED, statusCode: 400 });
      }
      // One script per part is fine, Turkish letters included.
      await register(registration({ email: `şule.${uniqueName('oz')}@örnek.com.tr` })).expect(201);
    });

    it('keeps the specification’s messages for a bad or missing address', async () => {
      expect((await register(registration({ email: 'ornek.com' })).expect(400)).body.message).toBe('Geçerli bir e-posta adresi girin.');
      expect((await register(registration({ email: '   ' })).expect(400)).body.message).toBe('E-posta zorunludur.');
    });
  });

  describe('usernames', () => {
    it('stay letters, digits and underscore: look-alike letters from other scripts are refused', async () => {
      const res = await register(registration({ username: `\u0430li_${uniqueName('x').slice(0, 10)}` })).expect(400);
      expect(res.body).toEqual({ message: 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz', statusCode: 400 });
    });
  });

  describe('display names', () => {
    it('strips bidi controls and zero-width characters', async () => {
      const reg = await register(registration({ displayName: '\u202EAyşe\u202C\u200B Yılmaz\u2066\u2069\uFEFF' })).expect(201);
      expect(reg.body.user.displayName).toBe('Ayşe Yılmaz');
      const [row] = await t.db.query('SELECT display_name FROM users WHERE id = $1', [reg.body.user.id]);
      expect(row.display_name).toBe('Ayşe Yılmaz');
    });

    it('refuses a name with nothing left after stripping, with the required message', async () => {
      const res = await register(registration({ displayName: '\u202E\u200B\u200D\u2060 \u200F' })).expect(400);
      expect(res.body).toEqual({ message: 'Görünen ad zorunludur.', statusCode: 400 });
    });
  });

  describe('passwords', () => {
    it('refuses a password of six spaces at registration and at reset, with a Turkish 400', async () => {
      const res = await register(registration({ password: '      ' })).expect(400);
      expect(res.body).toEqual({ message: BLANK_PASSWORD, statusCode: 400 });
      const user = await t.createUser();
      await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const token = await resetToken(user.email);
      const reset = await t.http.post('/api/auth/reset-password').send({ token, email: user.email, newPassword: '\u3000     ' }).expect(400);
      expect(reset.body).toEqual({ message: BLANK_PASSWORD, statusCode: 400 });
      // The link was not used up by the refused attempt.
      await t.http.post('/api/auth/reset-password').send({ token, email: user.email, newPassword: 'gercek-sifre' }).expect(200);
    });

    it('never trims a real password: spaces around it are part of it', async () => {
      const body = registration({ password: '  gizli 123  ' });
      await register(body).expect(201);
      await t.http.post('/api/auth/login').send({ login: body.username, password: '  gizli 123  ' }).expect(200);
      await t.http.post('/api/auth/login').send({ login: body.username, password: 'gizli 123' }).expect(401);
    });
  });

  describe('migration NormaliseEmails1764400000000', () => {
    it('rewrites stored addresses into the canonical form, leaving a row that would collide as it was', async () => {
      const hash = await hashPassword('eski-sifre');
      const n = uniqueName('g').slice(0, 12);
      const insert = async (username: string, email: string) =>
        ((await t.db.query(`INSERT INTO users (username, display_name, email, password_hash) VALUES ($1, $1, $2, $3) RETURNING id`, [username, email, hash])) as { id: string }[])[0].id;
      // What the old create() stored: trimmed, toLowerCase() only.
      const dotted = await insert(`${n}a`, `ALİ.${n}@Ornek.com`.toLowerCase());
      const wide = await insert(`${n}b`, `ｗｉｄｅ.${n}@ornek.com`);
      const first = await insert(`${n}c`, `dup.${n}@ornek.com`);
      const clash = await insert(`${n}d`, `ｄｕｐ.${n}@ornek.com`);
      const plain = await insert(`${n}e`, `plain.${n}@ornek.com`);

      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const runner = t.db.createQueryRunner();
      let warnings: string[];
      try {
        await new NormaliseEmails1764400000000().up(runner);
        warnings = warn.mock.calls.map(([line]) => String(line));
      } finally {
        await runner.release();
        warn.mockRestore();
      }
      const emails = new Map(
        ((await t.db.query('SELECT id, email FROM users WHERE id = ANY($1)', [[dotted, wide, first, clash, plain]])) as { id: string; email: string }[]).map((r) => [r.id, r.email]),
      );
      expect(emails.get(dotted)).toBe(`ali.${n}@ornek.com`);
      expect(emails.get(wide)).toBe(`wide.${n}@ornek.com`);
      expect(emails.get(first)).toBe(`dup.${n}@ornek.com`);
      expect(emails.get(clash)).toBe(`ｄｕｐ.${n}@ornek.com`);
      expect(emails.get(plain)).toBe(`plain.${n}@ornek.com`);
      expect(warnings).toEqual([expect.stringContaining(clash)]);
      // The account registered as ALİ@… signs in again under that spelling.
      await t.http.post('/api/auth/login').send({ login: `ALİ.${n}@ORNEK.COM`, password: 'eski-sifre' }).expect(200);
    });
  });
});
