import { createTestApp, type TestApp } from '../../test/test-app';
import { likePattern } from './post-text';
import { PostsRepository } from './posts.repository';
import { SEARCH_WINDOW } from './posts.service';

describe('GET /api/posts/search (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const contents = async (q: string) => {
    const res = await t.http.get(`/api/posts/search?q=${encodeURIComponent(q)}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['nextCursor', 'posts']);
    return res.body.posts.map((p: { content: string }) => p.content) as string[];
  };

  it('matches with Turkish case rules: istanbul → İstanbul, ışık → IŞIK, and back', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'İSTANBUL’da akşam');
    await t.createPost(author, 'Bugün İstanbul çok güzel');
    await t.createPost(author, 'IŞIK HIZI sabittir');
    await t.createPost(author, 'Işıklar söndü');
    await t.createPost(author, 'Izmir değil İzmir');

    expect(await contents('istanbul')).toEqual(['Bugün İstanbul çok güzel', 'İSTANBUL’da akşam']);
    expect(await contents('İSTANBUL')).toEqual(['Bugün İstanbul çok güzel', 'İSTANBUL’da akşam']);
    expect(await contents('ışık')).toEqual(['Işıklar söndü', 'IŞIK HIZI sabittir']);
    expect(await contents('IŞIK')).toEqual(['Işıklar söndü', 'IŞIK HIZI sabittir']);
    expect(await contents('hızı')).toEqual(['IŞIK HIZI sabittir']);
    // Turkish rules: dotless I lowercases to ı, so "izmir" finds İzmir but not the English "Izmir".
    expect(await contents('izmir')).toEqual(['Izmir değil İzmir']);
    expect(await contents('ızmir')).toEqual(['Izmir değil İzmir']);
  });

  it('finds hashtags with or without #, any case', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'Sabah haberleri #Gündem');
    await t.createPost(author, 'Akşam #GÜNDEM özeti');
    await t.createPost(author, 'gündemsiz bir gönderi');
    expect(await contents('#gündem')).toEqual(['Akşam #GÜNDEM özeti', 'Sabah haberleri #Gündem']);
    expect(await contents('#GÜNDEM')).toEqual(['Akşam #GÜNDEM özeti', 'Sabah haberleri #Gündem']);
    expect(await contents('gündem')).toEqual(['gündemsiz bir gönderi', 'Akşam #GÜNDEM özeti', 'Sabah haberleri #Gündem']);
  });

  it('treats %, _ and \\ in the query as plain characters', async () => {
    const author = await t.createUser();
    await t.createPost(author, '%50 indirim_kodu c:\\yol');
    await t.createPost(author, 'yüzde 50 indirimkodu');
    expect(await contents('%50')).toEqual(['%50 indirim_kodu c:\\yol']);
    expect(await contents('indirim_kodu')).toEqual(['%50 indirim_kodu c:\\yol']);
    expect(await contents('c:\\yol')).toEqual(['%50 indirim_kodu c:\\yol']);
    expect(await contents('%')).toEqual(['%50 indirim_kodu c:\\yol']);
  });

  it('pages newest first with a cursor and shows viewer flags', async () => {
    const author = await t.createUser();
    const viewer = await t.createUser();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await t.createPost(author, `sayfalı arama ${i}`)).id);
    const auth = `Bearer ${await t.tokenFor(viewer)}`;
    await t.http.post(`/api/posts/${ids[4]}/like`).set('authorization', auth).expect(200);
    const first = await t.http.get('/api/posts/search?q=sayfalı&limit=3').set('authorization', auth).expect(200);
    expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(first.body.posts[0].liked).toBe(true);
    const second = await t.http.get(`/api/posts/search?q=sayfalı&limit=3&cursor=${first.body.nextCursor}`).expect(200);
    expect(second.body.posts.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    expect(second.body.nextCursor).toBeNull();
  });

  it.each([
    ['no q', '', 'Arama metni gerekli.'],
    ['an empty q', 'q=', 'Arama metni gerekli.'],
    ['a blank q', 'q=%20%20%20', 'Arama metni gerekli.'],
    ['101 characters', `q=${encodeURIComponent('ş'.repeat(101))}`, 'Arama metni en fazla 100 karakter olabilir.'],
    ['a bad limit', 'q=a&limit=0', 'Sayfa boyutu 1 ile 100 arasında olmalıdır.'],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await t.http.get(`/api/posts/search?${query}`).expect(400);
    expect(res.body).toEqual({ message, statusCode: 400 });
  });

  it('accepts a 100-character query and is open to guests', async () => {
    await t.http.get(`/api/posts/search?q=${encodeURIComponent('ğ'.repeat(100))}`).expect(200);
  });

  it('is served by the trigram index, not a sequential scan of posts', async () => {
    // 5000 posts of common words and a few with a rare one. VACUUM ANALYZE gives the planner real
    // statistics and merges GIN's pending list (fresh rows wait there until autovacuum, and the
    // planner prices scanning it); without it a tiny test table is cheaper to scan sequentially.
    // enable_seqscan stays on: the trigram index is the planner's own choice.
    const author = await t.createUser();
    await t.fill((fill) =>
      fill.query(
        `INSERT INTO posts (author_id, content, search_text, created_at)
         SELECT $1, c, c, now() - make_interval(secs => g)
           FROM generate_series(1, 5000) AS g,
                LATERAL (SELECT 'sıradan gönderi numarası ' || g || ' kahve çay simit' AS c) AS x`,
        [author.id],
      ),
    );
    for (let i = 0; i < 3; i++) await t.createPost(author, `Nadir kelime: zümrüdüanka ${i}`);
    await t.fill((fill) => fill.query('VACUUM ANALYZE posts'));

    const sql = t.app.get(PostsRepository).searchSql(likePattern('Zümrüdüanka'), null, { limit: 20 });
    const plan = (await t.db.query(`EXPLAIN ${sql.text}`, sql.params)).map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('idx_posts_search_trgm');
    expect(plan).not.toMatch(/Seq Scan on posts/);

    const found = await contents('zümrüdüanka');
    expect(found).toHaveLength(3);
  });

  describe('over a bounded stretch of the newest posts', () => {
    let author: { id: string };
    beforeAll(async () => {
      author = await t.createUser();
      // Older than the whole window: a post with both a short term and a rare long word.
      const [old] = await t.db.query(
        `INSERT INTO posts (author_id, content, search_text, created_at) VALUES ($1, 'eski qz ve qzzyxmavi', 'eski qz ve qzzyxmavi', now() - interval '30 days') RETURNING id`,
        [author.id],
      );
      expect(old.id).toBeDefined();
      // SEARCH_WINDOW + 500 newer posts; the newest 30 carry the short term 'ğx'.
      await t.fill(async (fill) => {
        await fill.query(
          `INSERT INTO posts (author_id, content, search_text, created_at)
           SELECT $1, c, c, now() - interval '1 day' - make_interval(secs => g)
             FROM generate_series(1, $2::int) AS g,
                  LATERAL (SELECT CASE WHEN g <= 30 THEN 'dolgu ' || g || ' ğx' ELSE 'dolgu ' || g END AS c) AS x`,
          [author.id, SEARCH_WINDOW + 500],
        );
        await fill.query('VACUUM ANALYZE posts');
      });
    });

    it('pages a 1–2 character term while pages fill, then ends without a cursor', async () => {
      const first = await t.http.get(`/api/posts/search?q=${encodeURIComponent('ĞX')}&limit=20`).expect(200);
      expect(first.body.posts).toHaveLength(20);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await t.http.get(`/api/posts/search?q=${encodeURIComponent('ğx')}&limit=20&cursor=${first.body.nextCursor}`).expect(200);
      expect(second.body.posts).toHaveLength(10);
      expect(second.body.nextCursor).toBeNull();
    });

    it('never reaches past the window for a short term, while a long rare word is found by the index at any age', async () => {
      expect(await contents('qz')).toEqual([]);
      expect(await contents('QZZYXMAVİ')).toEqual(['eski qz ve qzzyxmavi']);
    });

    it('walks idx_posts_created with a bounded LIMIT, never a sequential scan', async () => {
      const sql = t.app.get(PostsRepository).searchRecentSql(likePattern('ğx'), null, { limit: 20 }, SEARCH_WINDOW);
      const plan = (await t.db.query(`EXPLAIN ${sql.text}`, sql.params)).map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('idx_posts_created');
      // (users here are a handful of rows; query-plans.e2e-spec.ts checks the join at scale)
      expect(plan).not.toMatch(/Seq Scan on posts/);
    });
  });
});

describe('GET /api/posts/search under its own statement timeout (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No global statement timeout at all: only the search's own can end the wait below.
    t = await createTestApp({ statementTimeoutMs: 0, searchStatementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with the Turkish busy message when the search outruns SEARCH_STATEMENT_TIMEOUT_MS, and leaves the pool as it was', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'kilitli tablo denemesi');
    // Another transaction holds posts exclusively: the search's SELECT waits on the lock until
    // PostgreSQL cancels it, deterministically, whatever the machine's speed.
    const locker = t.db.createQueryRunner();
    await locker.connect();
    await locker.startTransaction();
    try {
      await locker.query('LOCK TABLE posts IN ACCESS EXCLUSIVE MODE');
      for (const q of ['kilitli', 'ki']) {
        const res = await t.http.get(`/api/posts/search?q=${q}`);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'Sunucu şu anda çok yoğun. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 });
      }
    } finally {
      await locker.rollbackTransaction();
      await locker.release();
    }
    // The lock is gone: the same search answers, and SET LOCAL did not stay on pooled connections.
    const found = await t.http.get('/api/posts/search?q=kilitli').expect(200);
    expect(found.body.posts.map((p: { content: string }) => p.content)).toEqual(['kilitli tablo denemesi']);
    const settings = await Promise.all(Array.from({ length: 5 }, () => t.db.query('SHOW statement_timeout')));
    for (const [row] of settings) expect(row.statement_timeout).toBe('0');
  });
});
