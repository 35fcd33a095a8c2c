import type { ProfileUpdatedEvent } from '@gundem/contract';
import { png } from '../../test/media-fixtures';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from './user.entity';
import { UsersService } from './users.service';

const PRIVATE_KEYS = ['email', 'isEmailVerified', 'lastLogin', 'suspended', 'passwordHash', 'sessionVersion'];

/** PATCH /api/users/me (issue 26's profile editor): real PostgreSQL, real sockets (socket.io-client). */
describe('the profile editor saves to the server (real PostgreSQL, socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  /** PATCH /api/users/me as the member; the answer's status must be `status` (its body shown when not). */
  const patch = async (user: Pick<User, 'id'>, body: unknown, status = 200) => {
    const res = await t.http.patch('/api/users/me').set('authorization', await t.bearer(user)).send(body as object);
    expect({ status: res.status, body: res.body }).toMatchObject({ status });
    return res;
  };
  const row = async (id: string) =>
    (
      await t.db.query('SELECT display_name, bio, location, website FROM users WHERE id = $1', [id])
    )[0] as { display_name: string; bio: string; location: string; website: string };

  describe('each field', () => {
    it('changes the display name, answers the member with private fields, and stores it', async () => {
      const member = await t.createUser({ displayName: 'Eski Ad' });
      const res = await patch(member, { displayName: '  Yeni Ad  ' });
      expect(res.body.user).toMatchObject({ id: member.id, username: member.username, displayName: 'Yeni Ad', email: member.email });
      expect(await row(member.id)).toMatchObject({ display_name: 'Yeni Ad' });
    });

    it('changes the bio (line breaks kept), the location and the website, each alone', async () => {
      const member = await t.createUser();
      expect((await patch(member, { bio: ' Kahve,\nkitap ve yazılım. ' })).body.user.bio).toBe('Kahve,\nkitap ve yazılım.');
      expect((await patch(member, { location: ' İzmir ' })).body.user.location).toBe('İzmir');
      expect((await patch(member, { website: 'ornek.com.tr/ayse' })).body.user.website).toBe('https://ornek.com.tr/ayse');
      // The earlier fields stay as they were: a PATCH changes only what it names.
      expect(await row(member.id)).toEqual({ display_name: member.displayName, bio: 'Kahve,\nkitap ve yazılım.', location: 'İzmir', website: 'https://ornek.com.tr/ayse' });
    });

    it('takes the four at once, keeps an http address as given, and clears bio, location and website with empty texts', async () => {
      const member = await t.createUser();
      const all = await patch(member, { displayName: 'Ayşe Yılmaz', bio: 'Merhaba', location: 'Ankara', website: 'http://ornek.com/' });
      expect(all.body.user).toMatchObject({ displayName: 'Ayşe Yılmaz', bio: 'Merhaba', location: 'Ankara', website: 'http://ornek.com' });
      const cleared = await patch(member, { bio: '', location: '  ', website: '' });
      expect(cleared.body.user).toMatchObject({ displayName: 'Ayşe Yılmaz', bio: '', location: '', website: '' });
      expect(await row(member.id)).toEqual({ display_name: 'Ayşe Yılmaz', bio: '', location: '', website: '' });
    });

    it('persists: GET /api/auth/me and a guest’s GET of the profile show the new values (without private fields to the guest)', async () => {
      const member = await t.createUser();
      await patch(member, { displayName: 'Kalıcı Ad', bio: 'Kalıcı biyografi', location: 'Bursa', website: 'kalici.com' });
      const me = await t.http.get('/api/auth/me').set('authorization', await t.bearer(member)).expect(200);
      expect(me.body.user).toMatchObject({ displayName: 'Kalıcı Ad', bio: 'Kalıcı biyografi', location: 'Bursa', website: 'https://kalici.com' });
      const guest = await t.http.get(`/api/users/profile/${member.username}`).expect(200);
      expect(guest.body.user).toMatchObject({ displayName: 'Kalıcı Ad', bio: 'Kalıcı biyografi', location: 'Bursa', website: 'https://kalici.com' });
      for (const key of PRIVATE_KEYS) expect(guest.body.user).not.toHaveProperty(key);
    });

    it('a new display name shows at once in the cached first timeline page, the session row and people search', async () => {
      const member = await t.createUser({ displayName: 'Önceki İsim' });
      const post = await t.createPost(member, 'adı değişecek yazar');
      const authorOf = async () => {
        const res = await t.http.get('/api/posts/timeline?limit=20').expect(200);
        return (res.body.posts as Array<{ id: string; author: { displayName: string } }>).find((p) => p.id === post.id)?.author.displayName;
      };
      const users = t.app.get(UsersService);
      // Both caches hold the old name now (first page: 1 s, session rows: 5 s).
      expect(await authorOf()).toBe('Önceki İsim');
      expect((await users.findForSession(member.id))?.displayName).toBe('Önceki İsim');
      await patch(member, { displayName: 'Sonraki İsim' });
      expect(await authorOf()).toBe('Sonraki İsim');
      expect((await users.findForSession(member.id))?.displayName).toBe('Sonraki İsim');
      // The search words follow the new name (the rename trigger).
      const found = await t.http.get('/api/users/search?q=sonraki&limit=20').expect(200);
      expect((found.body.users as Array<{ id: string }>).map((u) => u.id)).toContain(member.id);
    });
  });

  describe('bad input: a Turkish 400 naming the field, nothing written', () => {
    it.each([
      [{ displayName: '' }, 'Görünen ad boş olamaz.'],
      [{ displayName: '   ' }, 'Görünen ad boş olamaz.'],
      [{ displayName: '\u200B\u202E' }, 'Görünen ad boş olamaz.'],
      [{ displayName: 'a'.repeat(51) }, 'Görünen ad en fazla 50 karakter olabilir.'],
      [{ bio: 'b'.repeat(161) }, 'Biyografi en fazla 160 karakter olabilir.'],
      [{ location: 'k'.repeat(31) }, 'Konum en fazla 30 karakter olabilir.'],
      [{ website: 'javascript:alert(document.cookie)' }, 'Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.'],
      [{ website: 'data:text/html;base64,PHNjcmlwdD4=' }, 'Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.'],
      [{ website: 'ftp://ornek.com' }, 'Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.'],
      [{ website: 'https://kullanici:sifre@ornek.com' }, 'Web sitesi adresinde kullanıcı adı ya da şifre bulunamaz.'],
      [{ website: 'https://ornek.com@kotu.example' }, 'Web sitesi adresinde kullanıcı adı ya da şifre bulunamaz.'],
      [{ website: 'localhost' }, 'Web sitesi geçerli bir adres olmalıdır (örneğin ornek.com ya da https://ornek.com).'],
      [{ website: 'bir web sitesi' }, 'Web sitesi geçerli bir adres olmalıdır (örneğin ornek.com ya da https://ornek.com).'],
      [{ website: `ornek.com/${'a'.repeat(90)}` }, 'Web sitesi en fazla 100 karakter olabilir.'],
      [{ displayName: 42 }, 'Görünen ad metin olmalıdır.'],
      [{ displayName: null }, 'Görünen ad metin olmalıdır.'],
      [{ bio: ['liste'] }, 'Biyografi metin olmalıdır.'],
      [{ location: { sehir: 'Ankara' } }, 'Konum metin olmalıdır.'],
      [{ website: true }, 'Web sitesi metin olmalıdır.'],
      [{ email: 'yeni@ornek.com' }, 'Bilinmeyen alan: email'],
      [{ displayName: 'Geçerli', username: 'baskasi' }, 'Bilinmeyen alan: username'],
      [{ profileImage: '/media/x.webp' }, 'Bilinmeyen alan: profileImage'],
      [{}, 'Değiştirilecek bir alan gönderin: displayName, bio, location ya da website.'],
    ])('%j → 400 %j', async (body, message) => {
      const member = await t.createUser({ bio: 'önceki', location: 'Van', website: 'https://once.com' });
      const before = await row(member.id);
      const res = await patch(member, body, 400);
      expect(res.body).toEqual({ message, statusCode: 400 });
      expect(await row(member.id)).toEqual(before);
    });

    it('refuses the whole request when one field is bad, even with good ones beside it', async () => {
      const member = await t.createUser({ displayName: 'Aynı Ad' });
      const before = await row(member.id);
      const res = await patch(member, { displayName: 'Başka Ad', website: 'javascript:alert(1)' }, 400);
      expect(res.body.message).toBe('Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.');
      expect(await row(member.id)).toEqual(before);
    });

    it('answers a guest 401 in Turkish, and a body that is not JSON an object 400', async () => {
      const guest = await t.http.patch('/api/users/me').send({ displayName: 'Misafir' }).expect(401);
      expect(guest.body.message).toBe('Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.');
      const member = await t.createUser();
      const text = await t.http.patch('/api/users/me').set('authorization', await t.bearer(member)).set('content-type', 'application/json').send('"ad"');
      expect(text.status).toBe(400);
      expect(typeof text.body.message).toBe('string');
      await patch(member, ['displayName'], 400);
    });
  });

  describe('live: profile:updated to the member’s own sockets', () => {
    it('pushes the public user object to every socket of the member (another tab), none to others', async () => {
      const member = await t.createUser({ displayName: 'Sekme Bir' });
      const stranger = await t.createUser();
      const otherTab = await connectSocket(url, await t.tokenFor(member));
      const thirdTab = await connectSocket(url, await t.tokenFor(member));
      const strangers = await connectSocket(url, await t.tokenFor(stranger));
      const guests = await connectSocket(url);
      const strangerSaw = collect(strangers, 'profile:updated');
      const guestSaw = collect(guests, 'profile:updated');
      const pushed = nextEvent(otherTab, 'profile:updated');
      const pushedThird = nextEvent(thirdTab, 'profile:updated');

      await patch(member, { displayName: 'Sekme İki', bio: 'canlı', website: 'canli.com' });
      const event: ProfileUpdatedEvent = await pushed;
      expect(event.user).toMatchObject({ id: member.id, username: member.username, displayName: 'Sekme İki', bio: 'canlı', website: 'https://canli.com' });
      for (const key of PRIVATE_KEYS) expect(event.user).not.toHaveProperty(key);
      expect((await pushedThird).user.displayName).toBe('Sekme İki');

      await Promise.all([roundTrip(strangers), roundTrip(guests)]);
      expect(strangerSaw).toEqual([]);
      expect(guestSaw).toEqual([]);
    });

    it('pushes nothing for a refused change or one that changes nothing', async () => {
      const member = await t.createUser({ displayName: 'Değişmeyen', bio: 'aynı' });
      const tab = await connectSocket(url, await t.tokenFor(member));
      const seen = collect(tab, 'profile:updated');
      await patch(member, { displayName: '' }, 400);
      const same = await patch(member, { displayName: ' Değişmeyen ', bio: 'aynı' });
      expect(same.body.user).toMatchObject({ displayName: 'Değişmeyen', bio: 'aynı' });
      await roundTrip(tab);
      expect(seen).toEqual([]);
    });

    it('pushes an avatar change too, with the new picture’s URL', async () => {
      const member = await t.createUser();
      const tab = await connectSocket(url, await t.tokenFor(member));
      const pushed = nextEvent(tab, 'profile:updated', 10_000);
      const res = await t.http.put('/api/users/me/avatar').set('authorization', await t.bearer(member)).attach('file', await png(500, 500), 'yuz.png').expect(200);
      const event = await pushed;
      expect(event.user.profileImage).toBe(res.body.user.profileImage);
      expect(event.user.profileImage).toMatch(/^\/media\//);
    });
  });
});
