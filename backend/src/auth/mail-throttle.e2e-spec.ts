import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';

const SAME = { message: 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.' };

describe('reset mails throttled per recipient (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Mails captured for the address: MailService writes each to DATA_DIR/outbox without SMTP_URL. */
  async function mailsTo(email: string): Promise<number> {
    await t.app.get(MailService).flush();
    const dir = join(t.config.dataDir, 'outbox');
    if (!existsSync(dir)) return 0;
    return readdirSync(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes(`To: ${email}`)).length;
  }

  it('sends one mail for 30 forgot-password calls in a burst, answering every call the same', async () => {
    const user = await t.createUser();
    const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.http.post('/api/auth/forgot-password').send({ email: spellings[i % spellings.length] })),
    );
    expect(answers.map((r) => ({ status: r.status, body: r.body }))).toEqual(answers.map(() => ({ status: 200, body: SAME })));
    expect(await mailsTo(user.email)).toBe(1);
    // Another address is not held up by this one.
    const other = await t.createUser();
    await t.http.post('/api/auth/forgot-password').send({ email: other.email }).expect(200);
    expect(await mailsTo(other.email)).toBe(1);
  });

  it('answers an unknown address the same as a throttled known one', async () => {
    const user = await t.createUser();
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const throttled = await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const unknown = await t.http.post('/api/auth/forgot-password').send({ email: 'hic-kimse@ornek.com' }).expect(200);
    expect(throttled.body).toEqual(SAME);
    expect(unknown.body).toEqual(SAME);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('sends one verification mail per address per 10 minutes: registration and the logins after it share it', async () => {
    const settings = t.app.get(SettingsService);
    await settings.update({ emailVerificationRequired: true }, await t.createUser({ role: 'admin' }));
    try {
      const username = uniqueName('dogrula');
      const body = { username, displayName: 'Doğrulanacak', email: `${username}@ornek.com`, password: 'gizli123' };
      await t.http.post('/api/auth/register').send(body).expect(201);
      for (let i = 0; i < 5; i++) await t.http.post('/api/auth/login').send({ login: body.email, password: body.password }).expect(403);
      expect(await mailsTo(body.email)).toBe(1);
    } finally {
      await settings.update({ emailVerificationRequired: false }, await t.createUser({ role: 'admin' }));
    }
  });
});
