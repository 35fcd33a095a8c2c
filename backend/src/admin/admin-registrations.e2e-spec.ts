import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/user.entity';

describe('registration under approval (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  let adminAuth: string;
  let moderatorAuth: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
    adminAuth = await t.bearer(admin);
    moderatorAuth = await t.bearer(moderator);
    await t.http.patch('/api/admin/settings').set('authorization', adminAuth).send({ registrationMode: 'approval' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = async () => {
    const username = uniqueName('onay');
    const body = { username, displayName: 'Onay Bekleyen', email: `${username}@ornek.com`, password: 'gizli123' };
    const res = await t.http.post('/api/auth/register').send(body).expect(201);
    return { ...body, id: res.body.user.id as string, res };
  };
  const login = (who: { email: string; password: string }) => t.http.post('/api/auth/login').send({ login: who.email, password: who.password });
  const pending = async (auth = adminAuth, query = '') => (await t.http.get(`/api/admin/registrations${query}`).set('authorization', auth).expect(200)).body;
  const mailsTo = async (email: string) => {
    await t.app.get(MailService).flush();
    const dir = join(t.config.dataDir, 'outbox');
    return readdirSync(dir)
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .filter((raw) => raw.includes(`To: ${email}`));
  };

  it('creates the account without a session; its login says it waits for approval', async () => {
    const member = await register();
    expect(member.res.body).toEqual({ message: 'Kayıt başvurunuz alındı. Bir yönetici onayladığında giriş yapabilirsiniz.', user: expect.objectContaining({ id: member.id, isActive: false }), pendingApproval: true });
    expect(member.res.headers['set-cookie']).toBeUndefined();
    expect(await t.db.query('SELECT approval, is_active FROM users WHERE id = $1', [member.id])).toEqual([{ approval: 'pending', is_active: false }]);
    expect((await login(member).expect(403)).body).toEqual({ message: 'Hesabınız yönetici onayı bekliyor.', statusCode: 403 });
    // A wrong password still answers as any wrong password (nothing about the account leaks).
    expect((await login({ ...member, password: 'yanlis123' }).expect(401)).body.message).toBe('E-posta/kullanıcı adı veya şifre hatalı.');
  });

  it('lists the waiting accounts for staff, newest first, paged by cursor', async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    const first = await pending(moderatorAuth, '?limit=2');
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([c.id, b.id]);
    expect(first.users[0]).toMatchObject({ username: c.username, email: c.email });
    const second = await pending(moderatorAuth, `?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.users[0].id).toBe(a.id);
  });

  it('approving activates the account, logs user.approve, mails the member; the login then works', async () => {
    const member = await register();
    const res = await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', moderatorAuth).expect(200);
    expect(res.body).toEqual({ message: 'Kayıt onaylandı; hesap artık giriş yapabilir.', user: expect.objectContaining({ id: member.id, isActive: true }) });
    expect((await pending()).users.map((u: { id: string }) => u.id)).not.toContain(member.id);
    expect((await login(member).expect(200)).body.token).toEqual(expect.any(String));
    const [entry] = await t.db.query(`SELECT actor_id, action, target_type, target_id, target_label, before, after FROM audit_log WHERE target_id = $1`, [member.id]);
    expect(entry).toEqual({ actor_id: moderator.id, action: 'user.approve', target_type: 'user', target_id: member.id, target_label: `@${member.username}`, before: { approval: 'pending' }, after: { approval: 'approved' } });
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    // Quoted-printable: soft line breaks joined, the Turkish letters still encoded.
    expect(mails[0].replace(/=\r?\n/g, '')).toContain('kay=C4=B1t ba=C5=9Fvurunuz onayland=C4=B1. Art=C4=B1k giri=C5=9F yapabilirsiniz.');
  });

  it('rejecting keeps the account out, logs user.reject, mails the member; the login says it was not approved', async () => {
    const member = await register();
    const res = await t.http.post(`/api/admin/registrations/${member.id}/reject`).set('authorization', adminAuth).expect(200);
    expect(res.body.message).toBe('Kayıt başvurusu reddedildi.');
    expect((await login(member).expect(403)).body.message).toBe('Kayıt başvurunuz onaylanmadı.');
    expect(await t.db.query('SELECT approval, is_active FROM users WHERE id = $1', [member.id])).toEqual([{ approval: 'rejected', is_active: false }]);
    const [entry] = await t.db.query(`SELECT action, after FROM audit_log WHERE target_id = $1`, [member.id]);
    expect(entry).toEqual({ action: 'user.reject', after: { approval: 'rejected' } });
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].replace(/=\r?\n/g, '')).toContain('kay=C4=B1t ba=C5=9Fvurunuz onaylanmad=C4=B1.');
    // Decided once: a second decision is a 404 and logs nothing.
    const again = await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', adminAuth).expect(404);
    expect(again.body.message).toBe('Onay bekleyen böyle bir kayıt başvurusu yok.');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1`, [member.id])).toEqual([{ n: 1 }]);
    // Nor can the users screen's switch let it in.
    const activate = await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', adminAuth).send({ isActive: true }).expect(400);
    expect(activate.body.message).toBe('Bu hesabın kayıt başvurusu onay bekliyor ya da reddedildi; onay ekranından karar verin.');
  });

  it("mails the decision in the member's stored language (English here), Turkish when none was chosen", async () => {
    const member = await register();
    // As the settings screen stores it (a waiting account cannot sign in to choose: set here directly).
    await t.db.query(`UPDATE users SET preferences = jsonb_set(preferences, '{display}', '{"language": "en"}') WHERE id = $1`, [member.id]);
    await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', adminAuth).expect(200);
    const [mail] = (await mailsTo(member.email)).map((raw) => raw.replace(/=\r?\n/g, ''));
    expect(mail).toContain('<html lang=3D"en">');
    expect(mail).toContain('Hello Onay Bekleyen, your g=C3=BCndem sign-up request was approved. You can log in now.');
    // The answer to the deciding staff member follows their request.
    const other = await register();
    const res = await t.http.post(`/api/admin/registrations/${other.id}/reject`).set('authorization', adminAuth).set('accept-language', 'en').expect(200);
    expect(res.body.message).toBe('The sign-up request was rejected.');
    const [turkish] = (await mailsTo(other.email)).map((raw) => raw.replace(/=\r?\n/g, ''));
    expect(turkish).toContain('<html lang=3D"tr">');
    expect(turkish).toContain('kay=C4=B1t ba=C5=9Fvurunuz onaylanmad=C4=B1.');
  });

  it('lets only an admin decide a waiting account that was given a staff role (403 for a moderator, nothing changed)', async () => {
    const member = await register();
    await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [member.id]);
    const refused = await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', moderatorAuth).expect(403);
    expect(refused.body.message).toBe('Yönetici ve moderatör hesaplarını yalnızca yöneticiler değiştirebilir.');
    expect(await t.db.query('SELECT approval, is_active FROM users WHERE id = $1', [member.id])).toEqual([{ approval: 'pending', is_active: false }]);
    expect(await t.db.query('SELECT 1 FROM audit_log WHERE target_id = $1', [member.id])).toEqual([]);
    await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', adminAuth).expect(200);
  });

  it('answers 404 for an account that never waited, and 400 for a malformed id', async () => {
    const member = await t.createUser();
    await t.http.post(`/api/admin/registrations/${member.id}/approve`).set('authorization', adminAuth).expect(404);
    await t.http.post('/api/admin/registrations/bir/approve').set('authorization', adminAuth).expect(400);
  });

  it('reads the waiting accounts from their partial index, not the users table (20,000 members, 50 waiting)', async () => {
    await t.fill(async (fill) => {
      await fill.query(
        `INSERT INTO users (username, display_name, email, password_hash, is_active, approval, created_at)
         SELECT 'kayit' || n, 'Üye ' || n, 'kayit' || n || '@test.gundem', 'x', n % 400 <> 0,
                CASE WHEN n % 400 = 0 THEN 'pending' END, now() - n * interval '1 minute'
           FROM generate_series(1, 20000) AS n`,
      );
      await fill.query('VACUUM ANALYZE users');
    });
    const plans = (await t.plansOf('/api/admin/registrations', adminAuth)).filter((p) => /approval = 'pending'/.test(p.sql));
    expect(plans).toHaveLength(1);
    expect(plans[0].plan).toContain('idx_users_pending');
    expect(plans[0].plan).not.toMatch(/Seq Scan on users/);
    const first = await pending(adminAuth, '?limit=20');
    const next = (await t.plansOf(`/api/admin/registrations?limit=20&cursor=${encodeURIComponent(first.nextCursor)}`, adminAuth)).filter((p) => /approval = 'pending'/.test(p.sql));
    expect(next[0].plan).toContain('idx_users_pending');
  });

  it('open mode signs a new member in at once again', async () => {
    await t.http.patch('/api/admin/settings').set('authorization', adminAuth).send({ registrationMode: 'open' }).expect(200);
    const username = uniqueName('acik');
    const res = await t.http.post('/api/auth/register').send({ username, displayName: 'Açık Kayıt', email: `${username}@ornek.com`, password: 'gizli123' }).expect(201);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.pendingApproval).toBeUndefined();
    await t.http.patch('/api/admin/settings').set('authorization', adminAuth).send({ registrationMode: 'approval' }).expect(200);
  });
});
