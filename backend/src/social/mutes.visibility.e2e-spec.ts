import { createTestApp, type TestApp } from '../../test/test-app';

type Member = { id: string; username: string };

/**
 * Issue 25: where a mute and a muted word hide posts — the muter's home and following feeds
 * (kept and read on request), search, notifications and their counts — and where they do not:
 * the muted member's own view, the muted account's profile, a direct link, trends. With the
 * plans of every changed list on a filled table.
 */
describe('mutes and muted words: visibility on every path (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (path: string, viewer?: Member) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return (await req.expect(200)).body;
  };
  const mute = async (muter: Member, muted: Member) => t.http.put(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  const unmute = async (muter: Member, muted: Member) => t.http.delete(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  const muteWord = async (member: Member, word: string) =>
    (await t.http.post('/api/users/muted-words').set('authorization', await t.bearer(member)).send({ word }).expect(201)).body.word as { id: string };
  const follow = async (follower: Member, followee: Member) => t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
  const ids = (body: { posts: { id: string }[] }) => body.posts.map((p) => p.id);

  it('the timeline: a muted account’s posts go for the muter only (first page, shared page and later pages); the muted member sees everything', async () => {
    const [muter, muted, other] = await t.createUsers(3);
    const theirs = await t.createPost(muted, 'sessize alınanın gönderisi');
    const mine = await t.createPost(muter, 'sessize alanın gönderisi');
    const third = await t.createPost(other, 'üçüncünün gönderisi');
    await mute(muter, muted);
    expect(ids(await get('/api/posts/timeline?limit=100', muter))).not.toContain(theirs.id);
    expect(ids(await get('/api/posts/timeline', muter))).toEqual(expect.arrayContaining([mine.id, third.id]));
    expect(ids(await get('/api/posts/timeline', muter))).not.toContain(theirs.id);
    const first = await get('/api/posts/timeline?limit=1', muter);
    const rest = await get(`/api/posts/timeline?limit=100&cursor=${first.nextCursor}`, muter);
    expect([...ids(first), ...ids(rest)]).not.toContain(theirs.id);
    // One-directional: the muted member and a guest see both.
    expect(ids(await get('/api/posts/timeline', muted))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ids(await get('/api/posts/timeline'))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // Still visible to the muter: the muted account's profile and a direct link.
    expect(ids(await get(`/api/posts/user/${muted.username}`, muter))).toContain(theirs.id);
    expect((await get(`/api/posts/${theirs.id}`, muter)).post.id).toBe(theirs.id);
    // Run out (a mute for some days): back at once, without a job.
    await t.db.query(`UPDATE mutes SET expires_at = now() - interval '1 second' WHERE muter_id = $1`, [muter.id]);
    expect(ids(await get('/api/posts/timeline?limit=100', muter))).toContain(theirs.id);
    // Undone: back at once.
    await mute(muter, muted);
    expect(ids(await get('/api/posts/timeline?limit=100', muter))).not.toContain(theirs.id);
    await unmute(muter, muted);
    expect(ids(await get('/api/posts/timeline', muter))).toContain(theirs.id);
  });

  it('the following feed, kept and read on request: the muted account’s posts, reposts by it and reposts of its posts go; follows stay', async () => {
    const [muter, muted, reposter] = await t.createUsers(3);
    await follow(muter, muted);
    await follow(muter, reposter);
    const own = await t.createPost(muted, 'takip edilen ama sessizde');
    const foreign = await t.createPost(reposter, 'yeniden paylaşılacak');
    await t.http.put(`/api/posts/${foreign.id}/retweet`).set('authorization', await t.bearer(muted)).expect(200);
    const ofMuted = await t.createPost(muted, 'sessizdekinin başka gönderisi');
    await t.http.put(`/api/posts/${ofMuted.id}/retweet`).set('authorization', await t.bearer(reposter)).expect(200);
    const fine = await t.createPost(reposter, 'görünmeli');
    await t.settled();
    const before = ids(await get('/api/posts/timeline/following', muter));
    expect(before).toEqual(expect.arrayContaining([own.id, foreign.id, ofMuted.id, fine.id]));
    expect((await t.db.query('SELECT ready FROM home_feed_owners WHERE owner_id = $1', [muter.id]))[0]).toEqual({ ready: true });
    await mute(muter, muted);
    const keptPage = await get('/api/posts/timeline/following', muter);
    const kept = ids(keptPage);
    expect(kept).toContain(fine.id);
    for (const gone of [own.id, foreign.id, ofMuted.id]) expect(kept).not.toContain(gone);
    expect(JSON.stringify(keptPage)).not.toContain(muted.id);
    // Kept items stay stored (read-time filter), so an unmute shows them again.
    expect((await t.db.query('SELECT count(*)::int AS n FROM home_feed WHERE owner_id = $1', [muter.id]))[0].n).toBe(before.length);
    // Read on request, per account and by the walk.
    await t.db.query('DELETE FROM home_feed_owners WHERE owner_id = $1', [muter.id]);
    await t.db.query(`INSERT INTO home_feed_owners (owner_id, read_at) VALUES ($1, now())`, [muter.id]);
    const onRequestPage = await get('/api/posts/timeline/following', muter);
    const onRequest = ids(onRequestPage);
    expect(onRequest).toContain(fine.id);
    // The reposter's own post stays as theirs (only the muted account's repost of it goes).
    for (const gone of [own.id, ofMuted.id]) expect(onRequest).not.toContain(gone);
    expect(JSON.stringify(onRequestPage)).not.toContain(muted.id);
    expect((await get(`/api/users/${muted.id}/following`, muter)).isFollowing).toBe(true);
    // A page is still full when muted items lie in its range.
    await t.db.query('DELETE FROM home_feed_owners WHERE owner_id = $1', [muter.id]);
    for (let i = 0; i < 3; i++) await t.createPost(reposter, `dolgu ${i}`);
    for (let i = 0; i < 3; i++) await t.createPost(muted, `sessiz dolgu ${i}`);
    await t.settled();
    const page = await get('/api/posts/timeline/following?limit=3', muter);
    expect(page.posts.length).toBe(3);
    expect(page.posts.every((p: { author: { id: string } }) => p.author.id === reposter.id)).toBe(true);
    await unmute(muter, muted);
    expect(ids(await get('/api/posts/timeline/following?limit=50', muter))).toEqual(expect.arrayContaining([own.id, ofMuted.id]));
  });

  it('muted words: whole words, Turkish case, hashtags; hidden from the timeline, following feed and search; expired words stop applying', async () => {
    const [member, author] = await t.createUsers(2);
    await follow(member, author);
    const tag = `sçm${Date.now() % 100000}`;
    const hit = await t.createPost(author, `İSTANBUL'da yağmur ${tag}`);
    const longer = await t.createPost(author, `istanbullu olmak ${tag}`);
    const hashtag = await t.createPost(author, `bugün #Seçim var ${tag}`);
    const plain = await t.createPost(author, `seçim yakında ${tag}`);
    await t.settled();
    await muteWord(member, 'istanbul');
    const word = await muteWord(member, '#seçim');
    const visible = async (path: string) => ids(await get(path, member));
    for (const path of ['/api/posts/timeline?limit=100', '/api/posts/timeline/following?limit=100', `/api/posts/search?q=${tag}`]) {
      const seen = await visible(path);
      expect(seen).toEqual(expect.arrayContaining([longer.id, plain.id]));
      expect(seen).not.toContain(hit.id);
      expect(seen).not.toContain(hashtag.id);
    }
    // The shared first page too.
    expect(await visible('/api/posts/timeline')).not.toContain(hit.id);
    // The author and everyone else see all four.
    expect(ids(await get(`/api/posts/search?q=${tag}`, author)).length).toBe(4);
    await t.db.query(`UPDATE muted_words SET expires_at = now() - interval '1 second' WHERE id = $1`, [word.id]);
    expect(await visible(`/api/posts/search?q=${tag}`)).toContain(hashtag.id);
  });

  it('notifications: a muted account’s likes, follows and replies go from the list and the unread count; a muted word hides replies and mentions', async () => {
    const [member, muted, other] = await t.createUsers(3);
    const post = await t.createPost(member, 'beğenilecek gönderi');
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(muted)).expect(200);
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(other)).expect(200);
    await follow(muted, member);
    await t.createPost(muted, 'sessizdekinin yanıtı', post.id);
    await t.settled();
    const count = async () => (await get('/api/notifications/unread-count', member)).count;
    const groups = async () => (await get('/api/notifications', member)).notifications as Array<{ type: string; actors: { id: string }[] }>;
    expect(await count()).toBe(3);
    await mute(member, muted);
    const shown = await groups();
    expect(shown.map((g) => g.type)).toEqual(['like']);
    expect(shown[0].actors.map((a) => a.id)).toEqual([other.id]);
    expect(await count()).toBe(1);
    // The muted member's own notifications are untouched by the mute.
    await t.http.put(`/api/posts/${(await t.createPost(muted, 'sessizdekinin gönderisi')).id}/like`).set('authorization', await t.bearer(member)).expect(200);
    await t.settled();
    expect((await get('/api/notifications/unread-count', muted)).count).toBe(1);
    await unmute(member, muted);
    expect(await count()).toBe(3);
    // Words: a reply and a mention containing it.
    // (Turkish case: `SÜRPRİZ` lowers to `sürpriz`; an `I` would lower to `ı`, another word.)
    await muteWord(member, 'Sürpriz');
    await t.createPost(other, 'SÜRPRİZ: katil uşak', post.id);
    await t.createPost(other, `@${member.username} sürpriz'i gördün mü`);
    await t.createPost(other, 'sürprizsiz yanıt', post.id);
    await t.settled();
    const after = await groups();
    const replies = after.filter((g) => g.type === 'reply' || g.type === 'mention');
    // The muted account's reply (unmuted again) and the one without the word; not the two with it.
    expect(replies.length).toBe(2);
    expect(await count()).toBe(4);
  });

  it('trends still count a muted account’s posts', async () => {
    const [member, muted] = await t.createUsers(2);
    const tag = `mutetrend${Date.now() % 100000}`;
    await mute(member, muted);
    for (let i = 0; i < 3; i++) await t.createPost(muted, `#${tag} ${i}`);
    await t.settled();
    await t.db.query('DELETE FROM trending_snapshots');
    const trends = await get('/api/trending/hashtags?limit=20', member);
    const found = JSON.stringify(trends);
    expect(found).toContain(tag);
  });

  /**
   * The plans with 1,000 mutes and 50 words on 20,000 posts: the mute filter is a key probe of
   * mutes per row (mutes_pkey); the words one parameter; no list scans posts, mutes or muted_words.
   */
  describe('query plans', () => {
    let member: Member;
    beforeAll(async () => {
      member = await t.createUser();
      const others = await t.createUsers(1_200);
      await t.fill(async (q) => {
        const pool = others.map((u) => u.id);
        await q.query(
          `INSERT INTO posts (author_id, content, search_text, created_at)
           SELECT a.ids[1 + n % 1200], 'plan ' || n, 'plan ' || n, now() - n * interval '1 minute'
             FROM generate_series(1, 20000) AS n, (SELECT $1::uuid[] AS ids) a`,
          [pool],
        );
        await q.query(`INSERT INTO mutes (muter_id, muted_id) SELECT $1, o.id FROM unnest($2::uuid[]) AS o(id)`, [member.id, pool.slice(0, 1_000)]);
        await q.query(
          `INSERT INTO mutes (muter_id, muted_id)
           SELECT a.ids[i], a.ids[1 + (i + k * 7) % 1200] FROM generate_series(1, 1200) AS i, generate_series(1, 40) AS k, (SELECT $1::uuid[] AS ids) a
           ON CONFLICT DO NOTHING`,
          [pool],
        );
        await q.query(
          `INSERT INTO muted_words (user_id, word, normalised, head, pattern)
           SELECT $1, 'kelime' || n, 'kelime' || n, 'kelime' || n, '(^|[^0-9a-z_])kelime' || n || '($|[^0-9a-z_])' FROM generate_series(1, 50) n`,
          [member.id],
        );
        // Everyone else's words too (20 each): the table is not the member's alone.
        await q.query(
          `INSERT INTO muted_words (user_id, word, normalised, head, pattern)
           SELECT a.ids[i], 'söz' || k, 'söz' || k, 'söz' || k, 'söz' || k FROM generate_series(1, 1200) AS i, generate_series(1, 20) AS k, (SELECT $1::uuid[] AS ids) a`,
          [pool],
        );
        await q.query(`INSERT INTO follows (follower_id, followee_id) SELECT $1, o.id FROM unnest($2::uuid[]) AS o(id)`, [member.id, pool.slice(900, 1_100)]);
        // Others' kept feeds (300 members, 100 items each): the table is not the member's alone.
        await q.query(
          `WITH o AS (INSERT INTO home_feed_owners (owner_id, ready) SELECT id, true FROM unnest($1::uuid[]) AS u(id) RETURNING owner_id),
                n AS (SELECT owner_id, row_number() OVER () AS n FROM o),
                p AS (SELECT array_agg(id) AS ids, array_agg(created_at) AS ats, count(*)::int AS c FROM posts)
           INSERT INTO home_feed (owner_id, post_id, at, reposter_id)
           SELECT DISTINCT ON (n.owner_id, p.ids[k]) n.owner_id, p.ids[k], p.ats[k], NULL::uuid
             FROM n, p, generate_series(1, 100) AS g, LATERAL (SELECT 1 + ((n.n * 7919 + g * 104729) % p.c)::int AS k) i`,
          [pool.slice(0, 300)],
        );
        await q.query('VACUUM ANALYZE');
      });
    }, 120_000);

    const plansOf = async (path: string) => t.plansOf(path, await t.bearer(member));

    it.each([
      ['the timeline', '/api/posts/timeline'],
      ['the timeline after a cursor', `/api/posts/timeline?cursor=${Buffer.from(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000000`).toString('base64url')}`],
      ['the following feed', '/api/posts/timeline/following'],
      ['the following feed, kept', '/api/posts/timeline/following'],
      ['the post search', '/api/posts/search?q=plan'],
      ['the notifications', '/api/notifications'],
      ['the unread count', '/api/notifications/unread-count'],
      ['the muted accounts', '/api/users/mutes'],
      ['the muted words', '/api/users/muted-words'],
    ])('%s probes mutes by key and scans neither posts, mutes nor muted words', async (_name, path) => {
      const plans = await plansOf(path);
      const filtered = plans.filter((p) => /FROM (mutes|muted_words)/.test(p.sql));
      expect(filtered.length).toBeGreaterThan(0);
      for (const { plan } of filtered) {
        expect(plan).not.toMatch(/Seq Scan on (posts|mutes|muted_words|home_feed) /);
        expect(plan).toMatch(/mutes_pkey|idx_mutes_muted_muter|idx_mutes_muter_created|idx_muted_words_user/);
      }
    });

    it('serves the member with 1,000 mutes and 50 words a full page of the others’ posts', async () => {
      const page = await get('/api/posts/timeline', member);
      expect(page.posts.length).toBe(20);
      const muted = new Set((await t.db.query('SELECT muted_id FROM mutes WHERE muter_id = $1', [member.id])).map((r: { muted_id: string }) => r.muted_id));
      expect(page.posts.some((p: { author: { id: string } }) => muted.has(p.author.id))).toBe(false);
      const following = await get('/api/posts/timeline/following', member);
      expect(following.posts.length).toBe(20);
      expect(following.posts.some((p: { author: { id: string } }) => muted.has(p.author.id))).toBe(false);
    });
  });
});
