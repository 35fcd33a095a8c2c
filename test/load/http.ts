import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Fixtures, freePort, tempDir } from './infra.js';

/** One autocannon run: throughput and latency under load. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, and socket errors/timeouts. */
  non2xx: number;
  errors: number;
  /** Count per status code that was not 2xx, to say what went wrong. */
  failures?: Record<string, number>;
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  key: string;
  /** What the table shows. */
  label: string;
  /** Builds each request afresh (random viewer, post, term…). */
  next(): Request;
  connections?: number;
  /**
   * `quiet`: run against a node started with NOTIFICATIONS_ENABLED=false (same database, same
   * build), the baseline that says what the notifications writer costs a like (issue 14).
   */
  node?: 'quiet';
  /**
   * Measured while every post of the guests' first page carries four pictures in `posts.media`
   * (media.ts withMediaOnFirstPage; put back afterwards): `timeline-media`, issue 24.
   */
  withMedia?: boolean;
  /**
   * Measured while a share of the seeded accounts are protected (protected.ts
   * withProtectedAccounts; lifted afterwards): `timeline-protected`, issue 26.
   */
  withProtected?: boolean;
  /**
   * Measured while one in five of the newest 20,000 posts quotes an older post (quotes.ts
   * withQuotes; taken away afterwards): `timeline-quotes` and its twins, issue 27.
   */
  withQuotes?: boolean;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...auth(token), 'content-type': 'application/json' });
/** What Chrome sends: the guest timeline's `-br` scenarios ask as a browser does. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const TOPICS = ['kahve', 'istanbul', 'yazılım', 'kitap', 'futbol', 'müzik', 'ankara', 'deniz'];
const SENTENCES = ['Bugün harika bir gün', 'Şu an çalışıyorum', 'Akşam çay içtik', 'Yeni bir şey öğrendim', 'İzmir’de güneş var'];

/**
 * The HTTP scenarios of issue 9: what a page of gündem costs, one route at a time. Viewers,
 * posts and terms are drawn per request so caches only help as much as they would in real use.
 */
export function scenarios(f: Fixtures, deepCursor: string | null): Scenario[] {
  const member = () => pick(f.users);
  return [
    { key: 'timeline-guest', label: 'zaman akışı, misafir', next: () => ({ method: 'GET', path: '/api/posts/timeline' }) },
    {
      // The same request on the same data, while the first page's posts carry 4 pictures each:
      // timeline-media / timeline-guest is what pictures cost the timeline (issue 24).
      key: 'timeline-media',
      label: 'zaman akışı, misafir, gönderi başına 4 resim',
      withMedia: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline' }),
    },
    // The same two as a browser asks for them (Chrome's Accept-Encoding): what a guest's page
    // really costs, compressed once per page and second (FirstPageCache), not per answer.
    { key: 'timeline-guest-br', label: 'zaman akışı, misafir, tarayıcı gibi (br)', next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: BROWSER }) },
    {
      key: 'timeline-media-br',
      label: 'zaman akışı, misafir, 4 resim, tarayıcı gibi (br)',
      withMedia: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: BROWSER }),
    },
    { key: 'timeline-member', label: 'zaman akışı, üye (çok izleyici)', next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: auth(member().token) }) },
    // Issue 26: the ranked `Size özel` first page of a member; against timeline-member, same run (≥ 0.8× the req/s).
    { key: 'timeline-ranked', label: 'size özel akışı, üye (sıralı)', next: () => ({ method: 'GET', path: '/api/posts/timeline/ranked', headers: auth(member().token) }) },
    {
      key: 'timeline-following',
      label: 'takip edilenler akışı (1.000 takip)',
      next: () => ({ method: 'GET', path: '/api/posts/timeline/following', headers: auth(pick(f.followingUsers ?? f.users).token) }),
    },
    // Issue 25: the same two feeds for members who block 1,000 accounts, mute 1,000 others and 50
    // words; against timeline-member and timeline-following, same run (≥ 0.8× the req/s).
    {
      key: 'timeline-shielded',
      label: 'zaman akışı, üye (1.000 engel, 1.000 sessiz, 50 sözcük)',
      next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: auth(pick(f.shieldedUsers ?? f.users).token) }),
    },
    {
      key: 'timeline-following-shielded',
      label: 'takip edilenler (1.000 takip, 1.000 engel, 1.000 sessiz, 50 sözcük)',
      next: () => ({ method: 'GET', path: '/api/posts/timeline/following', headers: auth(pick(f.shieldedFollowingUsers ?? f.followingUsers ?? f.users).token) }),
    },
    // Issue 26: the three feeds, same viewers, while 5% of the accounts are protected (those
    // the viewers follow seen through the protected filter, the rest left out); ≥ 0.9× the req/s.
    {
      key: 'timeline-ranked-protected',
      label: 'size özel, üye (hesapların %5’i korumalı)',
      withProtected: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline/ranked', headers: auth(member().token) }),
    },
    {
      key: 'timeline-protected',
      label: 'zaman akışı, üye (hesapların %5’i korumalı)',
      withProtected: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: auth(member().token) }),
    },
    {
      key: 'timeline-following-protected',
      label: 'takip edilenler (1.000 takip, hesapların %5’i korumalı)',
      withProtected: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline/following', headers: auth(pick(f.followingUsers ?? f.users).token) }),
    },
    // Issue 27: the three feeds, same viewers, while one in five of the newest posts is a quote
    // (its quoted post's card read in the list's own statement); ≥ 0.9× the req/s without.
    {
      key: 'timeline-quotes',
      label: 'zaman akışı, üye (yeni gönderilerin %20’si alıntı)',
      withQuotes: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline', headers: auth(member().token) }),
    },
    {
      key: 'timeline-ranked-quotes',
      label: 'size özel, üye (yeni gönderilerin %20’si alıntı)',
      withQuotes: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline/ranked', headers: auth(member().token) }),
    },
    {
      key: 'timeline-following-quotes',
      label: 'takip edilenler (1.000 takip, yeni gönderilerin %20’si alıntı)',
      withQuotes: true,
      next: () => ({ method: 'GET', path: '/api/posts/timeline/following', headers: auth(pick(f.followingUsers ?? f.users).token) }),
    },
    {
      key: 'timeline-deep',
      label: 'zaman akışı, 50. sayfa',
      next: () => ({ method: 'GET', path: `/api/posts/timeline${deepCursor ? `?cursor=${encodeURIComponent(deepCursor)}` : ''}`, headers: auth(member().token) }),
    },
    { key: 'profile', label: 'profil başlığı', next: () => ({ method: 'GET', path: `/api/users/profile/${pick(f.authors)}`, headers: auth(member().token) }) },
    { key: 'profile-posts', label: 'profil gönderileri', next: () => ({ method: 'GET', path: `/api/posts/user/${pick(f.authors)}`, headers: auth(member().token) }) },
    { key: 'post-page', label: 'gönderi sayfası', next: () => ({ method: 'GET', path: `/api/posts/${pick(f.threadPostIds)}`, headers: auth(member().token) }) },
    { key: 'post-hot', label: 'tek sıcak gönderi (32 istemci)', next: () => ({ method: 'GET', path: `/api/posts/${f.hotPostId}` }) },
    ...(['common', 'rare', 'hashtag', 'short'] as const).map((kind) => ({
      key: `search-${kind}`,
      label: `arama, ${{ common: 'yaygın kelime', rare: 'nadir kelime', hashtag: 'hashtag', short: '2 karakter' }[kind]} (${f.terms[kind]})`,
      next: (): Request => ({ method: 'GET', path: `/api/posts/search?q=${encodeURIComponent(f.terms[kind])}` }),
    })),
    { key: 'trending-hashtags', label: 'gündem hashtagleri', next: () => ({ method: 'GET', path: '/api/trending/hashtags' }) },
    { key: 'explore-popular', label: 'keşfet, popüler (son 24 saat)', next: () => ({ method: 'GET', path: '/api/posts/popular', headers: auth(member().token) }) },
    { key: 'trending-users', label: 'kimi takip etmeli (üye)', next: () => ({ method: 'GET', path: '/api/trending/users', headers: auth(member().token) }) },
    {
      key: 'like-toggle',
      label: 'beğeni aç/kapa (çok üye)',
      next: () => ({ method: 'POST', path: `/api/posts/${pick(f.recentPostIds.slice(0, 1000))}/like`, headers: auth(member().token) }),
    },
    {
      // The same likes on a node that writes no notifications: like-toggle / like-bare is what
      // the notifications writer costs a like, both measured in the same run (issue 14).
      key: 'like-bare',
      label: 'beğeni aç/kapa, bildirimler kapalı düğüm',
      node: 'quiet',
      next: () => ({ method: 'POST', path: `/api/posts/${pick(f.recentPostIds.slice(0, 1000))}/like`, headers: auth(member().token) }),
    },
    {
      // Issue 14: every like now also queues a notification for the post's author (written after
      // the commit, off the request). Twenty hot posts: each like lands in a group many others are
      // upserting too, the writer's worst case, while the like's own answer should not notice.
      key: 'like-notify',
      label: 'beğeni + bildirim (20 sıcak gönderi)',
      next: () => ({ method: 'POST', path: `/api/posts/${pick(f.recentPostIds.slice(0, 20))}/like`, headers: auth(member().token) }),
    },
    {
      key: 'create-post',
      label: 'gönderi oluştur',
      next: () => ({
        method: 'POST',
        path: '/api/posts',
        headers: json(member().token),
        body: JSON.stringify({ content: `${pick(SENTENCES)} #${pick(TOPICS)} ${Math.random().toString(36).slice(2, 8)}` }),
      }),
    },
    {
      key: 'send-message',
      label: 'mesaj gönder',
      next: () => {
        const from = member();
        let to = member();
        while (to.id === from.id) to = member();
        return { method: 'POST', path: '/api/messages/send', headers: json(from.token), body: JSON.stringify({ receiverId: to.id, content: `Merhaba, ${pick(SENTENCES).toLowerCase()}!` }) };
      },
    },
    {
      key: 'login',
      label: 'giriş (argon2id)',
      next: () => ({ method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: member().username, password: 'gundem123' }) }),
    },
    {
      key: 'admin-users-search',
      label: 'yönetim: kullanıcı arama',
      next: () => ({ method: 'GET', path: `/api/admin/users?search=${encodeURIComponent(pick(f.adminTerms))}&page=1&limit=20`, headers: auth(f.admin.token) }),
    },
    { key: 'admin-dashboard', label: 'yönetim: pano', next: () => ({ method: 'GET', path: '/api/admin/dashboard', headers: auth(f.admin.token) }) },
  ];
}

/** Runs one scenario against `baseUrl` for `seconds` with autocannon (programmatic). */
export async function load(baseUrl: string, scenario: Pick<Scenario, 'next' | 'connections'>, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections: scenario.connections ?? 32,
    duration: seconds,
    // Rebuilt before every request, so each one draws its own viewer, post or term.
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...scenario.next() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    failures: Object.fromEntries(
      Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stat]) => [code, stat.count]),
    ),
  };
}

export interface Ceiling {
  kind: 'http' | 'express';
  url: string;
  stop(): Promise<void>;
}

/** A bare server (ceiling.ts) answering `body` from memory, in its own process. */
export async function startCeiling(kind: 'http' | 'express', body: Buffer): Promise<Ceiling> {
  const dir = tempDir('ceiling');
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const port = await freePort();
  const child: ChildProcess = fork(join(__dirname, 'ceiling.js'), [kind, String(port), file], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`tavan sunucusu (${kind}) kapandı: ${code}`)));
  });
  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The median of each figure over rounds (figures of one round stay together only for rps). */
export function medianFigures(runs: LoadFigures[]): LoadFigures {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    failures: runs.reduce<Record<string, number>>((all, r) => {
      for (const [code, n] of Object.entries(r.failures ?? {})) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  };
}
