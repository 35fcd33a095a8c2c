import { closeAllSockets, collect, connectSocket, nextEvent, request, roundTrip } from '../../test/socket-client';
import { animatedGif, mediaFiles, png } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { Metrics } from '../common/metrics/metrics';
import { PostDeletionService } from '../posts/post-deletion.service';
import { SettingsService } from '../settings/settings.service';
import type { User } from '../users/user.entity';
import { MediaService } from './media.service';

const NOT_ATTACHABLE = 'Görsellerden biri bulunamadı, başka bir gönderiye eklenmiş ya da süresi dolmuş. Lütfen görseli yeniden yükleyin.';

/** Pictures in posts (issue 24): attaching, lists and the socket, deleting, the sweep. Real PostgreSQL and files. */
describe('pictures in posts (real PostgreSQL, real files)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const bearer = (user: Pick<User, 'id'>) => t.bearer(user);
  /** Distinct pictures (distinct bytes, so distinct files) unless `size` repeats. */
  let shade = 0;
  const upload = async (user: User, bytes?: Buffer) => {
    const file = bytes ?? (await png(200 + (shade++ % 300), 100));
    const res = await t.http.post('/api/media').set('authorization', await bearer(user)).attach('file', file, 'resim.png');
    expect(res.status).toBe(201);
    return res.body as { id: string; small: { url: string }; large: { url: string }; still: { url: string } | null };
  };
  const post = async (user: User, body: object) => t.http.post('/api/posts').set('authorization', await bearer(user)).send(body);
  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(sql, params))[0].n);
  const files = () => mediaFiles(t.config.dataDir).length;

  it('a post of pictures alone: its media in the answer, in order, in the timeline, on the post page and in post:new', async () => {
    const author = await t.createUser();
    const [a, b] = [await upload(author), await upload(author, await animatedGif())];
    await t.http.patch(`/api/media/${a.id}`).set('authorization', await bearer(author)).send({ alt: 'İlk resim' }).expect(200);

    const url = await t.listen();
    const home = await connectSocket(url);
    expect(await request(home, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
    const announced = nextEvent(home, 'post:new', 5_000);

    const res = await post(author, { mediaIds: [b.id, a.id], sensitive: true });
    expect(res.status).toBe(201);
    const created = res.body.post;
    expect(created.content).toBe('');
    expect(created.sensitive).toBe(true);
    expect(created.media.map((m: { id: string }) => m.id)).toEqual([b.id, a.id]);
    expect(created.media[0]).toMatchObject({ type: 'animated', still: { url: b.still!.url } });
    expect(created.media[1]).toMatchObject({ type: 'image', alt: 'İlk resim', large: { url: a.large.url } });

    const event = await announced;
    expect(event.post).toMatchObject({ id: created.id, sensitive: true, media: created.media });

    const timeline = await t.http.get('/api/posts/timeline').expect(200);
    expect(timeline.body.posts.find((p: { id: string }) => p.id === created.id)).toMatchObject({ media: created.media, sensitive: true });
    const member = await t.http.get('/api/posts/timeline').set('authorization', await bearer(author)).expect(200);
    expect(member.body.posts.find((p: { id: string }) => p.id === created.id).media).toEqual(created.media);
    const page = await t.http.get(`/api/posts/${created.id}`).expect(200);
    expect(page.body.post.media).toEqual(created.media);
    const profile = await t.http.get(`/api/posts/user/${author.username}`).expect(200);
    expect(profile.body.posts[0].media).toEqual(created.media);

    // The alt text changed after attaching: the post's media follows, in the same transaction.
    await t.http.patch(`/api/media/${b.id}`).set('authorization', await bearer(author)).send({ alt: 'Kedi' }).expect(200);
    const again = await t.http.get(`/api/posts/${created.id}`).expect(200);
    expect(again.body.post.media.map((m: { alt: string | null }) => m.alt)).toEqual(['Kedi', 'İlk resim']);
    const rows = await t.db.query('SELECT id, position, post_id FROM media_attachments WHERE post_id = $1 ORDER BY position', [created.id]);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
  });

  it('an alt text’s change reaches the post’s watchers as post:updated and the cached first page; an upload no post took pushes nothing', async () => {
    const author = await t.createUser();
    const [a, b] = [await upload(author), await upload(author)];
    const created = (await post(author, { content: 'Sahilde', mediaIds: [a.id, b.id], sensitive: true })).body.post;
    const loose = await upload(author);
    const watcher = await connectSocket(await t.listen());
    expect(await request(watcher, 'posts:watch', [created.id])).toEqual({ ok: true, watching: 1 });
    const updates = collect(watcher, 'post:updated');
    // `post:updated` broadcasts by this node so far (gundem_socket_events_emitted_total).
    const emitted = async () => {
      const text = await t.app.get(Metrics).registry.getSingleMetricAsString('gundem_socket_events_emitted_total');
      return Number(/event="post:updated"\} (\d+)/.exec(text)?.[1]);
    };
    const before = await emitted();
    // The guests' first page, now cached with the post's old alt texts (FirstPageCache).
    const cached = await t.http.get('/api/posts/timeline').expect(200);
    expect(cached.body.posts.find((p: { id: string }) => p.id === created.id).media).toEqual(created.media);

    // The alt text of an upload no post has taken: no post to tell.
    await t.http.patch(`/api/media/${loose.id}`).set('authorization', await bearer(author)).send({ alt: 'Henüz gönderisiz' }).expect(200);
    // Then an attached picture's (by an upper-case id): the first post:updated the watcher gets is that one.
    const first = nextEvent(watcher, 'post:updated');
    await t.http.patch(`/api/media/${b.id.toUpperCase()}`).set('authorization', await bearer(author)).send({ alt: 'Martı' }).expect(200);
    const event = await first;
    expect(event).toEqual({ postId: created.id, media: [created.media[0], { ...created.media[1], alt: 'Martı' }], sensitive: true });
    await roundTrip(watcher);
    expect(updates).toEqual([event]);
    expect(await emitted()).toBe(before + 1);

    // A fresh read has it at once: the shared first page was dropped, the post page reads the row.
    const timeline = await t.http.get('/api/posts/timeline').expect(200);
    expect(timeline.body.posts.find((p: { id: string }) => p.id === created.id).media).toEqual(event.media);
    expect((await t.http.get(`/api/posts/${created.id}`).expect(200)).body.post).toMatchObject({ media: event.media, sensitive: true });
  });

  it('a like’s notification previews the post’s pictures, and a reply’s mention too', async () => {
    const author = await t.createUser();
    const fan = await t.createUser();
    const picture = await upload(author);
    const created = (await post(author, { content: 'Manzara', mediaIds: [picture.id] })).body.post;
    await t.http.put(`/api/posts/${created.id}/like`).set('authorization', await bearer(fan)).expect(200);
    await t.settled();
    const list = await t.http.get('/api/notifications').set('authorization', await bearer(author)).expect(200);
    const like = list.body.notifications.find((n: { type: string }) => n.type === 'like');
    expect(like.post).toMatchObject({ id: created.id, sensitive: false, media: created.media });
  });

  describe('the profile’s Medya tab: GET /api/posts/user/:username/media', () => {
    it('lists the member’s posts and replies with pictures only, newest first, in keyset pages', async () => {
      const author = await t.createUser();
      const text = await t.createPost(author, 'yalnızca metin');
      const first = (await post(author, { content: 'bir', mediaIds: [(await upload(author)).id] })).body.post;
      const reply = (await post(author, { content: 'yanıtta resim', replyToId: text.id, mediaIds: [(await upload(author)).id] })).body.post;
      const third = (await post(author, { content: 'üç', mediaIds: [(await upload(author)).id] })).body.post;
      const page1 = await t.http.get(`/api/posts/user/${author.username}/media?limit=2`).expect(200);
      expect(page1.body.posts.map((p: { id: string }) => p.id)).toEqual([third.id, reply.id]);
      expect(page1.body.nextCursor).toBeTruthy();
      const page2 = await t.http.get(`/api/posts/user/${author.username}/media?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`).expect(200);
      expect(page2.body.posts.map((p: { id: string }) => p.id)).toEqual([first.id]);
      expect(page2.body.posts[0].media).toEqual(first.media);
      const missing = await t.http.get('/api/posts/user/kimseyok_xyz/media').expect(404);
      expect(missing.body.message).toBe('Kullanıcı bulunamadı.');
    });

    it('walks the partial index of posts with pictures: no scan of posts, no sort', async () => {
      const author = await t.createUser();
      await t.fill(async (fill) => {
        // 20,000 posts of theirs, one in fifty with a picture.
        await fill.query(
          `INSERT INTO posts (author_id, content, search_text, created_at, media)
           SELECT $1, 'plan ' || n, 'plan ' || n, now() - n * interval '1 minute',
                  CASE WHEN n % 50 = 0 THEN '[{"id":"plan"}]'::jsonb ELSE '[]'::jsonb END
             FROM generate_series(1, 20000) AS n`,
          [author.id],
        );
        await fill.query('VACUUM ANALYZE posts');
      });
      const plans = await t.plansOf(`/api/posts/user/${author.username}/media`, await bearer(author));
      const list = plans.find((p) => p.plan.includes('idx_posts_author_media'));
      expect(list).toBeDefined();
      expect(list!.plan).not.toMatch(/Seq Scan on (posts|users)|Sort/);
    });
  });

  it('a post without text or pictures is still refused; a post without pictures has media [] and sensitive false', async () => {
    const author = await t.createUser();
    const empty = await post(author, { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Gönderi boş olamaz.');
    const plain = await post(author, { content: 'yalnızca metin' });
    expect(plain.body.post).toMatchObject({ media: [], sensitive: false });
  });

  describe('mediaIds that cannot be attached: a Turkish 4xx and nothing written', () => {
    it('another member’s, already attached, expired, unknown; over the limit; repeated; not UUIDs', async () => {
      const author = await t.createUser();
      const other = await t.createUser();
      const theirs = await upload(other);
      const mine = await upload(author);
      const used = await upload(author);
      await post(author, { content: 'ilk', mediaIds: [used.id] }).then((r) => expect(r.status).toBe(201));
      const old = await upload(author);
      await t.db.query(`UPDATE media_attachments SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.id]);
      const postsBefore = await count('SELECT count(*) AS n FROM posts WHERE author_id = $1', [author.id]);

      for (const ids of [[theirs.id], [mine.id, used.id], [old.id], ['00000000-0000-4000-8000-000000000000'], [mine.id, theirs.id]]) {
        const res = await post(author, { content: 'olmaz', mediaIds: ids });
        expect({ ids, status: res.status, body: res.body }).toEqual({ ids, status: 422, body: { message: NOT_ATTACHABLE, statusCode: 422 } });
      }
      expect(await count('SELECT count(*) AS n FROM posts WHERE author_id = $1', [author.id])).toBe(postsBefore);
      expect(await count('SELECT count(*) AS n FROM media_attachments WHERE id = $1 AND post_id IS NULL', [mine.id])).toBe(1);

      const five = await Promise.all(Array.from({ length: 5 }, () => upload(author)));
      const over = await post(author, { content: 'beş resim', mediaIds: five.map((m) => m.id) });
      expect(over.status).toBe(400);
      expect(over.body.message).toBe('Bir gönderiye en fazla 4 görsel ekleyebilirsiniz.');
      const twice = await post(author, { content: 'iki kez', mediaIds: [mine.id, mine.id] });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe('Aynı görsel bir gönderiye iki kez eklenemez.');
      const junk = await post(author, { content: 'bozuk', mediaIds: ['abc'] });
      expect(junk.status).toBe(400);
      expect(junk.body.message).toBe('Görsel kimlikleri geçerli kimliklerden oluşan bir liste olmalıdır.');
      expect(await count('SELECT count(*) AS n FROM posts WHERE author_id = $1', [author.id])).toBe(postsBefore);

      // The limit is the admin setting.
      await t.db.query('UPDATE settings SET max_images_per_post = 5');
      t.app.get(SettingsService).invalidate();
      try {
        await post(author, { content: 'şimdi olur', mediaIds: five.map((m) => m.id) }).then((r) => expect(r.status).toBe(201));
      } finally {
        await t.db.query('UPDATE settings SET max_images_per_post = 4');
        t.app.get(SettingsService).invalidate();
      }
    });

    it('two posts naming one upload at once: exactly one takes it', async () => {
      const author = await t.createUser();
      const one = await upload(author);
      const results = await Promise.all([post(author, { content: 'A', mediaIds: [one.id] }), post(author, { content: 'B', mediaIds: [one.id] })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(await count('SELECT count(*) AS n FROM posts WHERE author_id = $1', [author.id])).toBe(1);
    });
  });

  describe('deleting', () => {
    it('the author’s delete removes the rows and, after the commit, the files; staff’s too', async () => {
      const author = await t.createUser();
      const pictures = [await upload(author), await upload(author, await animatedGif(2, 30, 30))];
      const created = (await post(author, { content: 'silinecek', mediaIds: pictures.map((m) => m.id) })).body.post;
      const before = files();
      await t.http.delete(`/api/posts/${created.id}`).set('authorization', await bearer(author)).expect(200);
      // 2 + 3 variants gone.
      expect(files()).toBe(before - 5);
      expect(await count('SELECT count(*) AS n FROM media_attachments WHERE id = ANY($1)', [pictures.map((m) => m.id)])).toBe(0);

      const second = await upload(author);
      const byStaff = (await post(author, { content: 'moderasyon', mediaIds: [second.id] })).body.post;
      const beforeStaff = files();
      await t.app.get(PostDeletionService).deleteAny(byStaff.id, (await t.createUser({ role: 'moderator' })).id);
      expect(files()).toBe(beforeStaff - 2);
    });

    it('a file two uploads share (the same bytes) stays while one of them is left', async () => {
      const author = await t.createUser();
      const bytes = await png(333, 111);
      const first = await upload(author, bytes);
      const second = await upload(author, bytes);
      expect(second.large.url).toBe(first.large.url);
      const p1 = (await post(author, { content: 'bir', mediaIds: [first.id] })).body.post;
      const p2 = (await post(author, { content: 'iki', mediaIds: [second.id] })).body.post;
      const before = files();
      await t.http.delete(`/api/posts/${p1.id}`).set('authorization', await bearer(author)).expect(200);
      expect(files()).toBe(before);
      await t.http.get(first.large.url).expect(200);
      await t.http.delete(`/api/posts/${p2.id}`).set('authorization', await bearer(author)).expect(200);
      expect(files()).toBe(before - 2);
      await t.http.get(first.large.url).expect(404);
    });
  });

  it('the sweep deletes uploads no post took within 24 hours, rows then files; attached and recent ones stay', async () => {
    const author = await t.createUser();
    const stale = [await upload(author), await upload(author)];
    const fresh = await upload(author);
    const kept = await upload(author);
    await post(author, { content: 'kalır', mediaIds: [kept.id] }).then((r) => expect(r.status).toBe(201));
    await t.db.query(`UPDATE media_attachments SET created_at = now() - interval '25 hours' WHERE id = ANY($1) OR id = $2`, [stale.map((m) => m.id), kept.id]);
    const before = files();
    const swept = await t.app.get(MediaService).sweep();
    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await count('SELECT count(*) AS n FROM media_attachments WHERE id = ANY($1)', [stale.map((m) => m.id)])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM media_attachments WHERE id = ANY($1)', [[fresh.id, kept.id]])).toBe(2);
    // (An expired upload of an earlier test goes too: only these files are looked at.)
    const left = new Set(mediaFiles(t.config.dataDir));
    for (const m of stale) expect([left.has(m.small.url.slice(7)), left.has(m.large.url.slice(7))]).toEqual([false, false]);
    for (const m of [fresh, kept]) expect([left.has(m.small.url.slice(7)), left.has(m.large.url.slice(7))]).toEqual([true, true]);
    expect(files()).toBeLessThanOrEqual(before - 4);
    for (const m of stale) await t.http.get(m.large.url).expect(404);
    await t.http.get(fresh.large.url).expect(200);
    await t.http.get(kept.large.url).expect(200);
  });

  it('uploads over mediaUploadsPerHour: 429 in Turkish, counted in /api/metrics', async () => {
    await t.db.query('UPDATE settings SET media_uploads_per_hour = 2');
    t.app.get(SettingsService).invalidate();
    try {
      const member = await t.createUser();
      await upload(member);
      await upload(member);
      const third = await t.http.post('/api/media').set('authorization', await bearer(member)).attach('file', await png(), 'a.png');
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: 'Bir saat içinde çok fazla görsel yüklediniz. Lütfen daha sonra tekrar deneyin.', statusCode: 429 });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const metrics = await t.http.get('/api/metrics').expect(200);
      expect(metrics.text).toMatch(/gundem_rate_limit_refusals_total\{limiter="media_upload"\} [1-9]/);
      expect(metrics.text).toMatch(/gundem_media_uploads_total\{result="stored"\} [1-9]/);
    } finally {
      await t.db.query('UPDATE settings SET media_uploads_per_hour = 60');
      t.app.get(SettingsService).invalidate();
    }
  });
});
