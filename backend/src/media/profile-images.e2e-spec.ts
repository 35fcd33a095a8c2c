import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROFILE_AVATAR_SIZE, PROFILE_HEADER_HEIGHT, PROFILE_HEADER_WIDTH } from '@gundem/contract';
import sharp from 'sharp';
import { jpegWithExif, mediaFiles, png, pngBomb, tempFiles } from '../../test/media-fixtures';
import { closeAllSockets, connectSocket, nextEvent, request } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';

const UNSUPPORTED = 'Bu dosya türü desteklenmiyor. JPEG, PNG, WebP, GIF ya da AVIF biçiminde bir görsel yükleyin.';

/** Three vertical bands (red, green, blue) of equal width: a centre crop of a wide picture is all green. */
function bands(width: number, height: number, shade = 0): Promise<Buffer> {
  const third = Math.round(width / 3);
  const band = (r: number, g: number, b: number) => ({ create: { width: third, height, channels: 3 as const, background: { r, g, b } } });
  return sharp({ create: { width: third * 3, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: { ...band(255, shade, 0) }, left: 0, top: 0 },
      { input: { ...band(shade, 200, 0) }, left: third, top: 0 },
      { input: { ...band(0, shade, 255) }, left: third * 2, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** PUT/DELETE /api/users/me/avatar and …/header (issue 24): real PostgreSQL, real files under DATA_DIR/media. */
describe('avatars and profile headers (real PostgreSQL, real files)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const tokens = new Map<string, string>();
  const bearer = async (user: Pick<User, 'id'>) => {
    let token = tokens.get(user.id);
    if (!token) tokens.set(user.id, (token = await t.tokenFor(user)));
    return `Bearer ${token}`;
  };
  const put = async (user: User, kind: 'avatar' | 'header', bytes: Buffer, filename = 'resim.png') =>
    t.http.put(`/api/users/me/${kind}`).set('authorization', await bearer(user)).attach('file', bytes, filename);
  const putOk = async (user: User, kind: 'avatar' | 'header', bytes: Buffer, filename?: string) => {
    const res = await put(user, kind, bytes, filename);
    expect(res.status).toBe(200);
    return res;
  };
  const files = () => mediaFiles(t.config.dataDir);
  const fileOf = (url: string) => readFileSync(join(t.config.dataDir, url.replace(/^\/media\//, 'media/')));
  const keyOf = (url: string) => url.replace(/^\/media\//, '');
  let shade = 0;
  /** A distinct picture each time (distinct bytes after processing too). */
  const picture = (width = 900, height = 300) => bands(width, height, (shade += 7) % 250);

  it('an avatar: a square WebP of the centre, 400 × 400, upright, no metadata; the user object carries its URL', async () => {
    const member = await t.createUser();
    const res = await put(member, 'avatar', await bands(900, 300));
    expect(res.status).toBe(200);
    const url = res.body.user.profileImage as string;
    expect(url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(res.body.user).toMatchObject({ id: member.id, profileImage: url, coverImage: null, email: member.email });
    const bytes = fileOf(url);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, icc: meta.icc, xmp: meta.xmp }).toEqual({
      format: 'webp',
      width: PROFILE_AVATAR_SIZE,
      height: PROFILE_AVATAR_SIZE,
      exif: undefined,
      icc: undefined,
      xmp: undefined,
    });
    // The centre third (green) fills the square: its corners are green, not red or blue.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    for (const [x, y] of [
      [2, 2],
      [info.width - 3, info.height - 3],
    ]) {
      const i = (y * info.width + x) * info.channels;
      expect(data[i + 1]).toBeGreaterThan(150);
      expect(data[i]).toBeLessThan(60);
      expect(data[i + 2]).toBeLessThan(60);
    }
    const [row] = await t.db.query('SELECT profile_image, profile_image_key FROM users WHERE id = $1', [member.id]);
    expect(row).toEqual({ profile_image: url, profile_image_key: keyOf(url) });
    const me = await t.http.get('/api/auth/me').set('authorization', await bearer(member)).expect(200);
    expect(me.body.user.profileImage).toBe(url);
    const profile = await t.http.get(`/api/users/profile/${member.username}`).expect(200);
    expect(profile.body.user.profileImage).toBe(url);
    // Served by the FS driver.
    const served = await t.http.get(url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('a JPEG with EXIF and GPS: turned upright, nothing of its metadata kept', async () => {
    const member = await t.createUser();
    const res = await putOk(member, 'avatar', await jpegWithExif(800, 600), 'kamera.jpg');
    const bytes = fileOf(res.body.user.profileImage);
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('GundemKamera')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('a header: 3:1, 1500 × 500 WebP; a small picture is enlarged to the box', async () => {
    const member = await t.createUser();
    const res = await putOk(member, 'header', await png(300, 300));
    expect(res.body.user).toMatchObject({ coverImage: expect.stringMatching(/^\/media\//), profileImage: null });
    const meta = await sharp(fileOf(res.body.user.coverImage)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: PROFILE_HEADER_WIDTH, height: PROFILE_HEADER_HEIGHT });
    const profile = await t.http.get(`/api/users/profile/${member.username}`).expect(200);
    expect(profile.body.user.coverImage).toBe(res.body.user.coverImage);
  });

  it('replacing deletes the old file; removing sets null and deletes the file; nothing left behind', async () => {
    const member = await t.createUser();
    const before = files().length;
    const first = (await putOk(member, 'avatar', await picture())).body.user.profileImage as string;
    expect(files().length).toBe(before + 1);
    const second = (await putOk(member, 'avatar', await picture())).body.user.profileImage as string;
    expect(second).not.toBe(first);
    expect(files()).not.toContain(keyOf(first));
    expect(files()).toContain(keyOf(second));
    expect(files().length).toBe(before + 1);

    const header = (await putOk(member, 'header', await picture())).body.user.coverImage as string;
    expect(files().length).toBe(before + 2);

    const removed = await t.http.delete('/api/users/me/avatar').set('authorization', await bearer(member)).expect(200);
    expect(removed.body.user).toMatchObject({ profileImage: null, coverImage: header });
    expect(files()).not.toContain(keyOf(second));
    const noHeader = await t.http.delete('/api/users/me/header').set('authorization', await bearer(member)).expect(200);
    expect(noHeader.body.user.coverImage).toBeNull();
    expect(files().length).toBe(before);
    expect(tempFiles(t.config.dataDir)).toEqual([]);
    expect(await t.db.query('SELECT profile_image, profile_image_key, cover_image, cover_image_key FROM users WHERE id = $1', [member.id])).toEqual([
      { profile_image: null, profile_image_key: null, cover_image: null, cover_image_key: null },
    ]);
    // Removing what is not there is fine.
    await t.http.delete('/api/users/me/avatar').set('authorization', await bearer(member)).expect(200);
  });

  it('a file two members share stays until neither names it', async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const bytes = await picture();
    const urlA = (await putOk(a, 'avatar', bytes)).body.user.profileImage;
    const urlB = (await putOk(b, 'avatar', bytes)).body.user.profileImage;
    expect(urlB).toBe(urlA);
    const before = files().length;
    await t.http.delete('/api/users/me/avatar').set('authorization', await bearer(a)).expect(200);
    expect(files()).toContain(keyOf(urlA));
    await t.http.delete('/api/users/me/avatar').set('authorization', await bearer(b)).expect(200);
    expect(files()).not.toContain(keyOf(urlA));
    expect(files().length).toBe(before - 1);
  });

  describe('bad input: a Turkish 4xx, the old picture kept, no file added', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, number, string][] = [
      ['an SVG with a script', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'), 415, UNSUPPORTED],
      ['zero bytes', () => Buffer.alloc(0), 400, 'Görsel dosyası boş.'],
      ['a truncated JPEG', async () => (await jpegWithExif(800, 600)).subarray(0, 2000), 422, 'Görsel okunamadı: dosya bozuk ya da eksik olabilir.'],
      ['a PNG bomb', () => pngBomb(), 422, 'Görselin çözünürlüğü çok yüksek. Lütfen daha küçük bir görsel yükleyin.'],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const member = await t.createUser();
      const kept = (await putOk(member, 'avatar', await picture())).body.user.profileImage;
      const before = files();
      for (const kind of ['avatar', 'header'] as const) {
        const res = await put(member, kind, await make());
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ message, statusCode: status });
      }
      expect(files()).toEqual(before);
      expect(tempFiles(t.config.dataDir)).toEqual([]);
      const me = await t.http.get('/api/auth/me').set('authorization', await bearer(member)).expect(200);
      expect(me.body.user).toMatchObject({ profileImage: kept, coverImage: null });
    });

    it('over maxFileSize: 413 in Turkish', async () => {
      const [{ max_file_size: previous }] = await t.db.query('SELECT max_file_size FROM settings');
      await t.db.query('UPDATE settings SET max_file_size = 1048576');
      t.app.get(SettingsService).invalidate();
      try {
        const member = await t.createUser();
        const before = files();
        const res = await put(member, 'avatar', Buffer.alloc(1_100_000, 1));
        expect(res.status).toBe(413);
        expect(res.body).toEqual({ message: 'Görsel en fazla 1 MB olabilir.', statusCode: 413 });
        expect(files()).toEqual(before);
      } finally {
        await t.db.query('UPDATE settings SET max_file_size = $1', [previous]);
        t.app.get(SettingsService).invalidate();
      }
    });

    it('no file: 400; a guest: 401 in Turkish, for PUT and DELETE', async () => {
      const member = await t.createUser();
      const none = await t.http.put('/api/users/me/avatar').set('authorization', await bearer(member)).field('x', 'y');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Lütfen `file` alanında bir görsel gönderin.');
      for (const res of [
        await t.http.put('/api/users/me/avatar').attach('file', await png(), 'a.png'),
        await t.http.put('/api/users/me/header').attach('file', await png(), 'a.png'),
        await t.http.delete('/api/users/me/avatar'),
        await t.http.delete('/api/users/me/header'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toMatch(/[ğüşıöçİ]/i);
      }
    });

    it('counted in the hourly upload budget: 429 past it', async () => {
      const settings = t.app.get(SettingsService);
      const member = await t.createUser();
      const previous = (await settings.get()).mediaUploadsPerHour;
      await t.db.query('UPDATE settings SET media_uploads_per_hour = 2');
      settings.invalidate();
      try {
        await putOk(member, 'avatar', await picture());
        await t.http.post('/api/media').set('authorization', await bearer(member)).attach('file', await picture(), 'a.png').expect(201);
        const res = await put(member, 'header', await picture());
        expect(res.status).toBe(429);
        expect(res.body.message).toBe('Bir saat içinde çok fazla görsel yüklediniz. Lütfen daha sonra tekrar deneyin.');
      } finally {
        await t.db.query('UPDATE settings SET media_uploads_per_hour = $1', [previous]);
        settings.invalidate();
      }
    });
  });

  it('the avatar URL travels with the member: post author (timeline, post:new), search, follow lists, notifications, conversations, admin list', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const avatar = (await putOk(author, 'avatar', await picture())).body.user.profileImage as string;

    const url = await t.listen();
    const home = await connectSocket(url);
    expect(await request(home, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
    const announced = nextEvent(home, 'post:new', 5_000);
    const created = await t.http.post('/api/posts').set('authorization', await bearer(author)).send({ content: 'Yeni profil fotoğrafım!' }).expect(201);
    expect(created.body.post.author.profileImage).toBe(avatar);
    expect(created.body.post.user.profileImage).toBe(avatar);
    expect((await announced).post.author.profileImage).toBe(avatar);

    const timeline = await t.http.get('/api/posts/timeline').expect(200);
    const item = timeline.body.posts.find((p: { id: string }) => p.id === created.body.post.id);
    expect(item.author).toEqual({ _id: author.id, id: author.id, username: author.username, displayName: author.displayName, isVerified: false, profileImage: avatar, protected: false });
    const page = await t.http.get(`/api/posts/${created.body.post.id}`).expect(200);
    expect((page.body.post ?? page.body).author.profileImage).toBe(avatar);
    // A member without one: null, not absent.
    const plain = await t.createPost(fan, 'harf avatarı');
    expect(plain.author.profileImage).toBeNull();

    const search = await t.http.get(`/api/users/search?q=${encodeURIComponent(author.username)}`).expect(200);
    expect(search.body.users.find((u: { id: string }) => u.id === author.id).profileImage).toBe(avatar);

    await t.http.post(`/api/users/${author.id}/follow`).set('authorization', await bearer(fan)).expect(200);
    const followers = await t.http.get(`/api/users/profile/${fan.username}/following`).expect(200);
    expect(followers.body.users.find((u: { id: string }) => u.id === author.id).profileImage).toBe(avatar);

    await t.http.post(`/api/users/${fan.id}/follow`).set('authorization', await bearer(author)).expect(200);
    await t.settled();
    const notifications = await t.http.get('/api/notifications').set('authorization', await bearer(fan)).expect(200);
    const followed = notifications.body.notifications.find((n: { type: string }) => n.type === 'follow');
    expect(followed.actors[0]).toMatchObject({ id: author.id, profileImage: avatar });

    const sent = await t.http.post('/api/messages/send').set('authorization', await bearer(author)).send({ receiverId: fan.id, content: 'merhaba' }).expect(201);
    expect(sent.body.conversation.user).toMatchObject({ id: fan.id, profileImage: null });
    const conversations = await t.http.get('/api/messages/conversations').set('authorization', await bearer(fan)).expect(200);
    expect(conversations.body.conversations[0].user).toMatchObject({ id: author.id, profileImage: avatar });

    const users = await t.http.get(`/api/admin/users?search=${encodeURIComponent(author.username)}`).set('authorization', await bearer(admin)).expect(200);
    expect(users.body.users.find((u: { id: string }) => u.id === author.id).profileImage).toBe(avatar);
  });
});
