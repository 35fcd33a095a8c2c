import { closeAllSockets, connectSocket, nextEvent } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('back-office users API (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin', displayName: 'Baş Yönetici' });
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  /** The PATCH's response, after checking its status when one is given. */
  const patch = async (actor: Pick<User, 'id'>, targetId: string, body: unknown, status?: number) => {
    const req = t.http.patch(`/api/admin/users/${targetId}`).set('authorization', await bearer(actor)).send(body as object);
    return status ? req.expect(status) : req;
  };
  const rowOf = async (id: string) =>
    (await t.db.query('SELECT is_active, is_verified, role, session_version FROM users WHERE id = $1', [id]))[0] as {
      is_active: boolean;
      is_verified: boolean;
      role: string;
      session_version: number;
    };

  describe('GET /api/admin/users', () => {
    it('pages every account newest first, with private fields and the pagination block', async () => {
      const made = [];
      for (let i = 0; i < 12; i++) made.push(await t.createUser({ displayName: `Sayfa Üyesi ${i}` }));
      const auth = await bearer(moderator);
      const first = await t.http.get('/api/admin/users').set('authorization', auth).expect(200);
      const [{ total }] = await t.db.query('SELECT count(*)::int AS total FROM users');
      expect(first.body.pagination).toEqual({ page: 1, limit: 10, total, pages: Math.ceil(total / 10), estimated: false });
      expect(first.body.users).toHaveLength(10);
      const newestFirst = [...made].reverse();
      expect(first.body.users.map((u: { id: string }) => u.id)).toEqual(newestFirst.slice(0, 10).map((u) => u.id));
      expect(first.body.users[0]).toMatchObject({ email: newestFirst[0].email, isEmailVerified: true, lastLogin: null, isActive: true, role: 'user' });
      expect(JSON.stringify(first.body)).not.toMatch(/password|hash|session/i);

      const second = await t.http.get('/api/admin/users?page=2&limit=5').set('authorization', auth).expect(200);
      expect(second.body.pagination).toEqual({ page: 2, limit: 5, total, pages: Math.ceil(total / 5), estimated: false });
      expect(second.body.users.map((u: { id: string }) => u.id)).toEqual(newestFirst.slice(5, 10).map((u) => u.id));
      const beyond = await t.http.get('/api/admin/users?page=999').set('authorization', auth).expect(200);
      expect(beyond.body.users).toEqual([]);
    });

    it('lists deactivated accounts too', async () => {
      const gone = await t.createUser({ isActive: false, displayName: 'Kapalı Hesap' });
      const res = await t.http.get(`/api/admin/users?search=${gone.username}`).set('authorization', await bearer(admin)).expect(200);
      expect(res.body.users).toEqual([expect.objectContaining({ id: gone.id, isActive: false })]);
    });

    it('searches username, display name and e-mail without regard to case, with Turkish rules', async () => {
      const isik = await t.createUser({ displayName: 'IŞIK Yılmaz' });
      const istanbul = await t.createUser({ displayName: 'İstanbullu Çağrı' });
      const mail = await t.createUser({ email: 'ozel.adres@ornek.com.tr' });
      const upper = await t.createUser({ username: 'BUYUK_HARF_ADI' });
      const auth = await bearer(admin);
      const search = async (q: string) =>
        (await t.http.get('/api/admin/users').query({ search: q }).set('authorization', auth).expect(200)).body.users.map((u: { id: string }) => u.id);
      expect(await search('ışık')).toEqual([isik.id]);
      expect(await search('istanbullu')).toEqual([istanbul.id]);
      expect(await search('ÇAĞRI')).toEqual([istanbul.id]);
      expect(await search('OZEL.ADRES@')).toEqual([mail.id]);
      expect(await search('buyuk_harf')).toEqual([upper.id]);
      expect(await search('  buyuk_harf  ')).toEqual([upper.id]);
      // LIKE wildcards are literal characters.
      expect(await search('%')).toEqual([]);
      const res = await t.http.get('/api/admin/users').query({ search: 'kimse-yok-boyle' }).set('authorization', auth).expect(200);
      expect(res.body).toEqual({ users: [], pagination: { page: 1, limit: 10, total: 0, pages: 1, estimated: false } });
    });

    it.each([
      ['page=0', 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır.'],
      ['page=abc', 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır.'],
      ['limit=0', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      ['limit=101', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
      [`search=${'a'.repeat(101)}`, 'Arama metni en fazla 100 karakter olabilir.'],
      ['other=1', 'Bilinmeyen alan: other'],
    ])('refuses %s with a Turkish 400', async (query, message) => {
      const res = await t.http.get(`/api/admin/users?${query}`).set('authorization', await bearer(admin)).expect(400);
      expect(res.body).toEqual({ message, statusCode: 400 });
    });
  });

  describe('PATCH /api/admin/users/:id', () => {
    it.each([
      ['isActive', false, { is_active: false }],
      ['isVerified', true, { is_verified: true }],
      ['role', 'moderator', { role: 'moderator' }],
    ] as const)('changes %s and answers the Turkish message with the updated user', async (field, value, expected) => {
      const member = await t.createUser();
      const res = await patch(admin, member.id, { [field]: value }, 200);
      expect(res.body.message).toBe('Kullanıcı başarıyla güncellendi');
      expect(res.body.user).toMatchObject({ id: member.id, [field]: value, email: member.email });
      expect(await rowOf(member.id)).toMatchObject(expected);
    });

    it.each([
      ['no field', {}, 'Tam olarak bir alan gönderin: isActive, isVerified ya da role.'],
      ['two fields', { isActive: false, isVerified: true }, 'Tam olarak bir alan gönderin: isActive, isVerified ya da role.'],
      ['three fields', { isActive: true, isVerified: true, role: 'user' }, 'Tam olarak bir alan gönderin: isActive, isVerified ya da role.'],
      ['an unknown field', { isAdmin: true }, 'Bilinmeyen alan: isAdmin'],
      ['a known and an unknown field', { isVerified: true, email: 'x@y.z' }, 'Bilinmeyen alan: email'],
      ['isActive as a string', { isActive: 'false' }, 'Hesap durumu (isActive) true ya da false olmalıdır.'],
      ['isActive null', { isActive: null }, 'Hesap durumu (isActive) true ya da false olmalıdır.'],
      ['isVerified as a number', { isVerified: 1 }, 'Onay rozeti (isVerified) true ya da false olmalıdır.'],
      ['an unknown role', { role: 'superadmin' }, 'Rol (role) user, moderator ya da admin olmalıdır.'],
      ['a role in capitals', { role: 'ADMIN' }, 'Rol (role) user, moderator ya da admin olmalıdır.'],
    ])('refuses %s with a Turkish 400 and changes nothing', async (_name, body, message) => {
      const member = await t.createUser();
      const before = await rowOf(member.id);
      const res = await patch(admin, member.id, body, 400);
      expect(res.body).toEqual({ message, statusCode: 400 });
      expect(await rowOf(member.id)).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      const member = await t.createUser();
      const res = await t.http.patch(`/api/admin/users/${member.id}`).set('authorization', await bearer(admin)).send([{ isActive: false }]).expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect((await rowOf(member.id)).is_active).toBe(true);
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const missing = await patch(admin, MISSING_ID, { isVerified: true }, 404);
      expect(missing.body).toEqual({ message: 'Kullanıcı bulunamadı.', statusCode: 404 });
      const bad = await patch(admin, 'abc', { isVerified: true }, 400);
      expect(bad.body).toEqual({ message: 'Geçersiz kimlik.', statusCode: 400 });
    });

    describe('self-protection, enforced by the server', () => {
      it('nobody deactivates their own account', async () => {
        for (const actor of [admin, moderator]) {
          const res = await patch(actor, actor.id, { isActive: false }, 403);
          expect(res.body).toEqual({ message: 'Kendi hesabınızı devre dışı bırakamazsınız.', statusCode: 403 });
          expect((await rowOf(actor.id)).is_active).toBe(true);
        }
      });

      it('nobody changes their own role, not even to the same one', async () => {
        for (const role of ['user', 'moderator', 'admin']) {
          const res = await patch(admin, admin.id, { role }, 403);
          expect(res.body).toEqual({ message: 'Kendi rolünüzü değiştiremezsiniz.', statusCode: 403 });
        }
        const mod = await patch(moderator, moderator.id, { role: 'admin' }, 403);
        expect(mod.body.message).toBe('Kendi rolünüzü değiştiremezsiniz.');
        expect((await rowOf(admin.id)).role).toBe('admin');
        expect((await rowOf(moderator.id)).role).toBe('moderator');
      });

      it('an admin may still set their own verified badge', async () => {
        const res = await patch(admin, admin.id, { isVerified: true }, 200);
        expect(res.body.user).toMatchObject({ id: admin.id, isVerified: true, role: 'admin' });
      });
    });

    describe('what a moderator may do', () => {
      it('activates, deactivates, verifies and unverifies members', async () => {
        const member = await t.createUser();
        for (const body of [{ isVerified: true }, { isVerified: false }, { isActive: false }, { isActive: true }]) {
          await patch(moderator, member.id, body, 200);
        }
        expect(await rowOf(member.id)).toMatchObject({ is_active: true, is_verified: false, role: 'user' });
      });

      it('does not change roles', async () => {
        const member = await t.createUser();
        const res = await patch(moderator, member.id, { role: 'moderator' }, 403);
        expect(res.body).toEqual({ message: 'Rolleri yalnızca yöneticiler değiştirebilir.', statusCode: 403 });
        expect((await rowOf(member.id)).role).toBe('user');
      });

      it('does not touch admin or other moderator accounts', async () => {
        const otherAdmin = await t.createUser({ role: 'admin' });
        const otherModerator = await t.createUser({ role: 'moderator' });
        for (const target of [otherAdmin, otherModerator]) {
          for (const body of [{ isActive: false }, { isVerified: true }]) {
            const res = await patch(moderator, target.id, body, 403);
            expect(res.body).toEqual({ message: 'Yönetici ve moderatör hesaplarını yalnızca yöneticiler değiştirebilir.', statusCode: 403 });
          }
          expect(await rowOf(target.id)).toMatchObject({ is_active: true, is_verified: false });
        }
      });
    });

    describe('what an admin may do', () => {
      it('promotes, demotes and deactivates other staff, admins included', async () => {
        const member = await t.createUser();
        await patch(admin, member.id, { role: 'admin' }, 200);
        await patch(admin, member.id, { role: 'moderator' }, 200);
        await patch(admin, member.id, { isActive: false }, 200);
        expect(await rowOf(member.id)).toMatchObject({ role: 'moderator', is_active: false });
        const otherAdmin = await t.createUser({ role: 'admin' });
        await patch(admin, otherAdmin.id, { role: 'user' }, 200);
      });

      it('two admins demoting each other at the same moment cannot both succeed', async () => {
        const a = await t.createUser({ role: 'admin' });
        const b = await t.createUser({ role: 'admin' });
        const [ab, ba] = await Promise.all([patch(a, b.id, { role: 'user' }), patch(b, a.id, { role: 'user' })]);
        expect([ab.status, ba.status].sort()).toEqual([200, 403]);
        const roles = [(await rowOf(a.id)).role, (await rowOf(b.id)).role].sort();
        expect(roles).toEqual(['admin', 'user']);
      });
    });

    describe('deactivation ends the account’s sessions at once', () => {
      it('refuses its tokens, keeps them refused after reactivation, and closes its sockets', async () => {
        const member = await t.createUser();
        const token = await t.tokenFor(member);
        const url = await t.listen();
        const socket = await connectSocket(url, token);
        const closed = nextEvent<string>(socket, 'disconnect');
        await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);

        await patch(moderator, member.id, { isActive: false }, 200);
        expect(await closed).toBe('io server disconnect');
        await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
        const login = await t.http.post('/api/auth/login').send({ login: member.email, password: member.password }).expect(403);
        expect(login.body.message).toBe('Hesabınız devre dışı bırakılmış.');

        await patch(moderator, member.id, { isActive: true }, 200);
        await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
        await t.http.post('/api/auth/login').send({ login: member.email, password: member.password }).expect(200);
      });
    });
  });
});
