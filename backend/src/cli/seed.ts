import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/app-config';
import { extractHashtags, extractLinks, searchTextOf } from '../posts/post-text';
import { hashPassword } from '../users/password-hashing';
import { bulkSeed, SeedRefused } from './bulk-seed';
import { openCliDatabase } from './cli-database';
import { progressBar as progress } from './progress-bar';
import { SCALES, type ScaleName, SEED_EMAIL_DOMAIN, SEED_USERNAME_SQL } from './seed-sql';

const USAGE =
  'Kullanım: npm run seed -- --users N --posts N [--follows N] [--likes N] [--password P]\n' +
  '       npm run seed -- --scale default|small|tiny [--password P]   (boş bir veritabanına toplu veri)';
const BATCH = 500;

const TOPICS = ['gündem', 'istanbul', 'ankara', 'izmir', 'yazılım', 'kahve', 'kitap', 'futbol', 'müzik', 'sinema', 'hava', 'ekonomi', 'bilim', 'seyahat', 'yemek'];
const OPENERS = ['Bugün', 'Az önce', 'Sabah sabah', 'Akşam', 'Hafta sonu', 'Yine', 'Sonunda', 'Şu an', 'Dün gece', 'Herkese günaydın,'];
const MIDDLES = [
  'Kadıköy’de harika bir kahve içtim',
  'yeni bir kitaba başladım, çok sürükleyici',
  'İstanbul trafiği yine çıldırttı',
  'TypeScript ile küçük bir proje bitirdim',
  'maç inanılmazdı, son dakika golü!',
  'Boğaz’da yürüyüş yaptım',
  'çok güzel bir konser izledim',
  'ışık hızında bir gün geçti',
  'Ankara’da kar yağıyor',
  'mantı yaptım, tarifini isteyen?',
  'yeni bir dizi keşfettim',
  'ÇALIŞMA masamı toparladım, ŞİMDİ çok İYİ',
];
const CLOSERS = ['🙂', '☕', '🎉', '👏', '…', '!', 'Siz ne düşünüyorsunuz?', 'Öneri var mı?', '', 'https://gundem.local/haber'];

function pick<T>(list: T[], random: () => number): T {
  return list[Math.floor(random() * list.length)];
}

/** Deterministic pseudo-random numbers, so two runs with the same numbers write the same data. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 10_000_000) {
    console.error(`--${name} 0 ile 10000000 arasında bir tam sayı olmalı.\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

/**
 * `--scale`: the bulk seeder (bulk-seed.ts) on a database without seed accounts; stdout gets the
 * progress bars and one summary line, which the benchmark shows as they come.
 */
async function runBulk(scale: ScaleName, password: string): Promise<void> {
  const db = await openCliDatabase();
  try {
    const result = await bulkSeed(db.dataSource, scale, await hashPassword(password), (line) => console.error(line));
    console.log(
      `Bitti (${result.seconds.toFixed(1)} sn, --scale ${scale}). Veritabanında: ${result.users} kullanıcı, ${result.posts} gönderi ` +
        `(${result.replies} yanıt), ${result.likes} beğeni, ${result.reposts} yeniden paylaşım, ${result.follows} takip, ${result.messages} mesaj. ` +
        `Deneme hesapları: seed_00001@${SEED_EMAIL_DOMAIN} …, yönetici seed_admin@${SEED_EMAIL_DOMAIN} (şifre: ${password})`,
    );
  } catch (error) {
    if (!(error instanceof SeedRefused)) throw error;
    console.error(error.message);
    await db.close();
    process.exit(2);
  }
  await db.close();
  process.exit(0);
}

/**
 * Bulk demo data for load tests and screenshots. Accounts `seed_00001…` are idempotent: running it
 * again adds no duplicate accounts (it does add more posts, likes and follows, which is the point
 * of asking for them). Counters are recomputed from the rows at the end.
 */
async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        users: { type: 'string' },
        posts: { type: 'string' },
        follows: { type: 'string' },
        likes: { type: 'string' },
        scale: { type: 'string' },
        password: { type: 'string', default: 'gundem123' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.scale !== undefined) {
    if (!Object.hasOwn(SCALES, values.scale)) {
      console.error(`--scale default, small ya da tiny olmalı.\n${USAGE}`);
      process.exit(2);
    }
    if ([values.users, values.posts, values.follows, values.likes].some((v) => v !== undefined)) {
      console.error(`--scale, --users/--posts/--follows/--likes ile birlikte kullanılamaz.\n${USAGE}`);
      process.exit(2);
    }
    return runBulk(values.scale as ScaleName, values.password!);
  }
  const userCount = positiveInt('users', values.users, 100);
  const postCount = positiveInt('posts', values.posts, 1000);
  const followsPerUser = positiveInt('follows', values.follows, Math.min(10, Math.max(0, userCount - 1)));
  const likeCount = positiveInt('likes', values.likes, postCount * 2);
  const random = mulberry32(userCount * 31 + postCount);

  const db = await openCliDatabase();
  const q = (sql: string, params?: unknown[]) => db.dataSource.query(sql, params);
  const started = Date.now();
  try {
    const hash = await hashPassword(values.password!);
    let bar = progress('Kullanıcılar', userCount);
    for (let from = 1; from <= userCount; from += BATCH) {
      const to = Math.min(userCount, from + BATCH - 1);
      // Idempotent: a username or e-mail that exists already is skipped.
      await q(
        `INSERT INTO users (username, display_name, email, password_hash, is_email_verified, bio, created_at)
         SELECT ${SEED_USERNAME_SQL}, 'Deneme Kullanıcı ' || n, ${SEED_USERNAME_SQL} || '@${SEED_EMAIL_DOMAIN}',
                $3, true, 'gündem deneme hesabı #' || n, now() - make_interval(days => (n % 365))
         FROM generate_series($1::int, $2::int) AS n
         ON CONFLICT DO NOTHING`,
        [from, to, hash],
      );
      bar.update(to);
    }
    bar.stop();
    const authors: string[] = (await q(`SELECT id FROM users WHERE username LIKE 'seed\\_%' AND is_active ORDER BY username LIMIT $1`, [userCount])).map(
      (r: { id: string }) => r.id,
    );
    if (!authors.length && postCount > 0) throw new Error('Gönderi yazacak kullanıcı yok: --users en az 1 olmalı.');

    bar = progress('Gönderiler', postCount);
    for (let done = 0; done < postCount; ) {
      const n = Math.min(BATCH, postCount - done);
      const rows: unknown[][] = [];
      for (let i = 0; i < n; i++) {
        const tags = [pick(TOPICS, random), pick(TOPICS, random)];
        const content = `${pick(OPENERS, random)} ${pick(MIDDLES, random)} ${pick(CLOSERS, random)} #${tags[0]}${tags[1] !== tags[0] ? ` #${tags[1]}` : ''}`.replace(/\s+/g, ' ').trim();
        const hashtags = extractHashtags(content);
        const minutesAgo = Math.floor(random() * 60 * 24 * 30);
        rows.push([pick(authors, random), content, hashtags, extractLinks(content), searchTextOf(content, hashtags), minutesAgo]);
      }
      await q(
        `INSERT INTO posts (author_id, content, hashtags, links, search_text, created_at, updated_at)
         SELECT r.a, r.c, ARRAY(SELECT jsonb_array_elements_text(r.h)), ARRAY(SELECT jsonb_array_elements_text(r.l)), r.s,
                now() - make_interval(mins => r.m), now() - make_interval(mins => r.m)
         FROM jsonb_to_recordset($1::jsonb) AS r(a uuid, c text, h jsonb, l jsonb, s text, m int)`,
        [JSON.stringify(rows.map(([a, c, h, l, s, m]) => ({ a, c, h, l, s, m })))],
      );
      done += n;
      bar.update(done);
    }
    bar.stop();

    if (authors.length > 1 && followsPerUser > 0) {
      bar = progress('Takipler', authors.length);
      for (let i = 0; i < authors.length; i += BATCH) {
        const pairs: { f: string; t: string }[] = [];
        for (const follower of authors.slice(i, i + BATCH)) {
          for (let k = 0; k < followsPerUser; k++) {
            const followee = pick(authors, random);
            if (followee !== follower) pairs.push({ f: follower, t: followee });
          }
        }
        await q(
          `INSERT INTO follows (follower_id, followee_id) SELECT f, t FROM jsonb_to_recordset($1::jsonb) AS r(f uuid, t uuid) ON CONFLICT DO NOTHING`,
          [JSON.stringify(pairs)],
        );
        bar.update(Math.min(authors.length, i + BATCH));
      }
      bar.stop();
    }

    if (likeCount > 0 && authors.length) {
      // Likes go to the most recent posts, as on a real network.
      const postIds: string[] = (await q(`SELECT id FROM posts ORDER BY created_at DESC LIMIT 50000`)).map((r: { id: string }) => r.id);
      bar = progress('Beğeniler', likeCount);
      for (let done = 0; done < likeCount && postIds.length; ) {
        const n = Math.min(BATCH * 4, likeCount - done);
        const pairs = Array.from({ length: n }, () => ({ u: pick(authors, random), p: postIds[Math.floor(random() ** 2 * postIds.length)] }));
        // Duplicate (user, post) pairs are skipped by the primary key.
        await q(`INSERT INTO likes (user_id, post_id) SELECT u, p FROM jsonb_to_recordset($1::jsonb) AS r(u uuid, p uuid) ON CONFLICT DO NOTHING`, [
          JSON.stringify(pairs),
        ]);
        done += n;
        bar.update(done);
      }
      bar.stop();
    }

    console.log('Sayaçlar yeniden hesaplanıyor…');
    await q(`UPDATE posts p SET like_count = c.n FROM (SELECT post_id, count(*)::int AS n FROM likes GROUP BY post_id) c WHERE c.post_id = p.id AND p.like_count <> c.n`);
    await q(`UPDATE users u SET posts_count = c.n FROM (SELECT author_id, count(*)::int AS n FROM posts GROUP BY author_id) c WHERE c.author_id = u.id AND u.posts_count <> c.n`);
    await q(`UPDATE users u SET followers_count = c.n FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) c WHERE c.followee_id = u.id AND u.followers_count <> c.n`);
    await q(`UPDATE users u SET following_count = c.n FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) c WHERE c.follower_id = u.id AND u.following_count <> c.n`);
    await q('ANALYZE');
    const [totals] = await q(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM likes)::int AS likes, (SELECT count(*) FROM follows)::int AS follows`);
    console.log(
      `Bitti (${((Date.now() - started) / 1000).toFixed(1)} sn). Veritabanında: ${totals.users} kullanıcı, ${totals.posts} gönderi, ${totals.likes} beğeni, ${totals.follows} takip. ` +
        `Deneme hesapları: seed_00001@seed.gundem.local … (şifre: ${values.password})`,
    );
  } finally {
    await db.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
