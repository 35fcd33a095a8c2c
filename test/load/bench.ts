/**
 * `npm run bench`: what gündem costs at a realistic size, as ratios against bare servers
 * measured in the same run (the machine is shared and noisy, so absolute numbers mean little).
 *
 *   npm run bench                      both scales (10k and 1M posts), 3 rounds, realtime part
 *   npm run bench -- --quick           small scale, 1 round, short runs: under a minute
 *   npm run bench -- --scale default --rounds 1 --seconds 3 --only timeline-guest,like-toggle --no-realtime
 *   npm run bench -- --scale small --only lighthouse   Lighthouse alone (median of --rounds runs)
 *   npm run bench -- --scale small --only media-upload,media-memory,timeline-guest,timeline-media   pictures (issue 24)
 *
 * Data: a database per scale on BENCH_DATABASE_URL / DATABASE_URL / the local PostgreSQL service
 * (else an embedded one), seeded once by `npm run seed -- --scale …` and reused. Two nodes share
 * it and Redis; HTTP scenarios load node A with autocannon; the realtime part uses both; then
 * Lighthouse (mobile preset, lighthouse.ts) audits pages of node A while nothing else loads it.
 * Output: a table on stdout and `bench/results/latest.json` (see docs/performance.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type Ceiling, type LoadFigures, load, medianFigures, type Scenario, scenarios, startCeiling } from './http.js';
import {
  benchDatabase,
  type Fixtures,
  followingMembers,
  shieldedMembers,
  gitCommit,
  loadFixtures,
  newJwtSecret,
  openPostgres,
  openRedis,
  repoRoot,
  type RunningNode,
  type Scale,
  sleep,
  sql,
  startNode,
} from './infra.js';
import { type LighthouseResult, lighthouseTargets, printLighthouseTable, runLighthouseBench } from './lighthouse.js';
import { protectedFigures, withProtectedAccounts } from './protected.js';
import { quoteFigures, withQuotes } from './quotes.js';
import { MEDIA_BENCH_SETTINGS, mediaPostUpdates, type MediaMemoryResult, type MediaUploadResult, QUICK_UPLOAD_IMAGE, runMediaMemory, runMediaUpload, sampleMedia, UPLOAD_IMAGE, type WireMedia, withMediaOnFirstPage } from './media.js';
import { runRealtimeBench } from './realtime.js';
import { type FanoutRow, measureFanout } from './fanout.js';
import { type ReplicaBenchResult, runReplicaBench } from './replica.js';
import { runRealtimeTopologies, type TopologyResult } from './realtime-topologies.js';
import { type MembersResult, runMembersBench } from './members.js';

const USAGE = 'Kullanım: npm run bench -- [--quick] [--scale small|default|both] [--rounds N] [--seconds N] [--only a,b|lighthouse] [--no-realtime] [--no-lighthouse] [--out DOSYA]';

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        scale: { type: 'string' },
        rounds: { type: 'string' },
        seconds: { type: 'string' },
        only: { type: 'string' },
        'no-realtime': { type: 'boolean', default: false },
        'no-lighthouse': { type: 'boolean', default: false },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const quick = args.quick!;
const scaleArg = args.scale ?? (quick ? 'small' : 'both');
if (!['small', 'default', 'both'].includes(scaleArg)) {
  console.error(`--scale small, default ya da both olmalı.\n${USAGE}`);
  process.exit(2);
}
const scales: Scale[] = scaleArg === 'both' ? ['small', 'default'] : [scaleArg as Scale];
const rounds = Number(args.rounds ?? (quick ? 1 : 3));
const seconds = Number(args.seconds ?? (quick ? 1 : 5));
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isFinite(seconds) || seconds < 1) {
  console.error(`--rounds ve --seconds en az 1 olmalı.\n${USAGE}`);
  process.exit(2);
}
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : null;
// The pictures part (media.ts), run after the HTTP scenarios at the larger scale: not autocannon scenarios.
const withMediaUpload = !only || only.has('media-upload');
const withMediaMemory = !only || only.has('media-memory');
// `--only` names HTTP scenarios and/or `lighthouse`; naming only `lighthouse` skips the HTTP and
// realtime parts (no ceilings, no second node).
const withLighthouse = !args['no-lighthouse'] && (!only || only.has('lighthouse'));
const lighthouseOnly = Boolean(only?.has('lighthouse') && only.size === 1);
// The adapters' fan-out (fanout.ts, issue 28): no database, no scale; alone with `--only adapter-fanout`.
const withFanout = !only || only.has('adapter-fanout');
// Reads on a read replica (replica.ts, issue 28): a primary and replica of the bench's own, seeded
// at each scale; only when asked (`--only replica-reads`), as it seeds a database of its own.
const withReplicaReads = Boolean(only?.has('replica-reads'));
// Like → watcher and DM p99 over one Redis against a Redis Cluster (realtime-topologies.ts):
// only when asked (`--only realtime-topologies`), two pairs of nodes per round.
const withTopologies = Boolean(only?.has('realtime-topologies'));
// Members per core (members.ts): stepped simulated members against one pinned node; only when asked.
const withMembers = Boolean(only?.has('members-per-core'));
const SEPARATE = ['adapter-fanout', 'replica-reads', 'realtime-topologies', 'members-per-core'];
const separateOnly = Boolean(only && [...only].every((name) => SEPARATE.includes(name)));
const outFile = args.out ?? join(repoRoot, 'bench/results/latest.json');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} sn`;
const log = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** Figures of one scale. */
interface ScaleResult {
  scale: Scale;
  seedSeconds?: number;
  rows: { users: number; posts: number; likes: number; reposts: number; follows: number; messages: number };
  /** `httpMedia`: bare node:http answering timeline-media's body (`mediaBodyBytes`), with timeline-media only. */
  ceilings?: { http: LoadFigures; express: LoadFigures; bodyBytes: number; httpMedia?: LoadFigures; mediaBodyBytes?: number };
  scenarios: Record<string, LoadFigures & { label: string; xExpress: number; xHttp: number; rounds: LoadFigures[] }>;
  hotUpdates?: { updates: number; hot: number; ratio: number };
  isolation?: { heavy: string; alone: LoadFigures; underLoad: LoadFigures; heavyFigures: LoadFigures }[];
  realtime?: unknown;
  lighthouse?: LighthouseResult;
  media?: { upload?: MediaUploadResult; memory?: MediaMemoryResult; timelineBodyBytes?: number };
}

async function tableCounts(url: string): Promise<ScaleResult['rows']> {
  const [row] = await sql<Record<string, string>>(
    url,
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM likes) AS likes,
            (SELECT count(*) FROM reposts) AS reposts, (SELECT count(*) FROM follows) AS follows, (SELECT count(*) FROM messages) AS messages`,
  );
  return {
    users: Number(row.users),
    posts: Number(row.posts),
    likes: Number(row.likes),
    reposts: Number(row.reposts),
    follows: Number(row.follows),
    messages: Number(row.messages),
  };
}

async function get(url: string, token?: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** The cursor of the timeline's 50th page (20 posts a page), walked as a reader would. */
async function deepCursor(node: RunningNode, token: string): Promise<string | null> {
  let cursor: string | null = null;
  for (let page = 1; page < 50; page++) {
    const res = await get(`${node.url}/api/posts/timeline${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    const body = JSON.parse(res.body.toString()) as { nextCursor: string | null };
    if (!body.nextCursor) return cursor;
    cursor = body.nextCursor;
  }
  return cursor;
}

/** Counter updates of `posts` and how many were HOT (heap-only: no index touched). */
async function postUpdates(url: string): Promise<{ updates: number; hot: number }> {
  const [row] = await sql<{ upd: string; hot: string }>(url, `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'posts'`);
  return { updates: Number(row.upd), hot: Number(row.hot) };
}

async function runScale(scale: Scale, pg: Awaited<ReturnType<typeof openPostgres>>, redisUrl: string | null): Promise<ScaleResult> {
  const db = await benchDatabase(pg, scale, log);
  const secret = newJwtSecret();
  const env: Record<string, string> = { DATABASE_URL: db.url, JWT_SECRET: secret };
  // The bench's uploads are many and large: the hourly budget and the file size limit of the
  // defaults (60 an hour, 5 MB) would refuse them. The nodes read the row at boot.
  await sql(db.url, MEDIA_BENCH_SETTINGS);
  if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, REDIS_PREFIX: `gundem-bench-${process.pid}` });
  log('Düğüm A başlatılıyor…');
  const a = await startNode(env, 'a');
  const nodes: RunningNode[] = [a];
  let b: RunningNode | undefined;
  let quiet: RunningNode | undefined;
  const ceilings: Ceiling[] = [];
  // Counter updates of posts over the whole run (likes, replies, views), read again once the
  // nodes have stopped: a backend reports its statistics when it exits, an idle one only
  // every ~10 s.
  const updatesBefore = await postUpdates(db.url);
  mediaPostUpdates.updates = mediaPostUpdates.hot = 0;
  let result: ScaleResult;
  try {
    // Node B serves the realtime part only.
    if (redisUrl && !lighthouseOnly && !args['no-realtime']) {
      log('Düğüm B başlatılıyor…');
      nodes.push((b = await startNode(env, 'b')));
    }
    const rows = await tableCounts(db.url);
    log(`Veri: ${rows.users} kullanıcı, ${rows.posts} gönderi, ${rows.likes} beğeni, ${rows.reposts} yeniden paylaşım, ${rows.follows} takip, ${rows.messages} mesaj.`);
    // A window of timeline-protected that an earlier run did not finish leaves no account protected.
    await sql(db.url, `UPDATE users SET protected = false WHERE protected AND username LIKE 'seed\\_%'`);
    const fixtures: Fixtures = await loadFixtures(db.url, secret, 1012);
    // The last twelve members are the special ones; the other member scenarios draw from the rest.
    const special = fixtures.users.splice(-12);
    // Four members following 1,000 accounts each.
    fixtures.followingUsers = await followingMembers(db.url, special.slice(-4));
    // Issue 25: four shielded members (1,000 blocks, 1,000 mutes, 50 words), and four more who also
    // follow 1,000 accounts. None blocks or mutes a member another scenario acts as or reads for.
    const spared = [...fixtures.users, ...special];
    fixtures.shieldedUsers = await shieldedMembers(db.url, a.url, special.slice(0, 4), spared);
    fixtures.shieldedFollowingUsers = await shieldedMembers(db.url, a.url, await followingMembers(db.url, special.slice(4, 8)), spared);
    // Kept following feeds are built by this build at the warm-up: one kept from an earlier run
    // (the database is reused) may hold what an older build wrote.
    await sql(db.url, 'DELETE FROM home_feed_owners');
    const cursor = await deepCursor(a, fixtures.users[0].token);
    const guest = await get(`${a.url}/api/posts/timeline`);
    if (guest.status !== 200) throw new Error(`zaman akışı ${guest.status} döndü`);
    // Lighthouse, the realtime part and the isolation figures run once, at the larger scale.
    const lastScale = scale === 'default' || scales.length === 1;
    // Four real uploads with alt text, made once: the pictures of timeline-media and guest-home-media.
    let media: WireMedia[] | undefined;
    const mediaSamples = async () => (media ??= await sampleMedia(a.url, fixtures.users[1].token));
    const mediaFigures: NonNullable<ScaleResult['media']> = {};
    const list = lighthouseOnly ? [] : scenarios(fixtures, cursor).filter((s) => !only || only.has(s.key));
    // No HTTP scenario asked (Lighthouse or the upload figures alone): no ceilings either.
    if (!list.length) {
      result = { scale, seedSeconds: db.seedSeconds, rows, scenarios: {} };
    } else {
      ceilings.push(await startCeiling('http', guest.body), await startCeiling('express', guest.body));
      const [httpCeiling, expressCeiling] = ceilings;

      // With timeline-media, a third ceiling: bare node:http answering the first page with its
      // pictures (57 KB against 20 KB), so what the bytes themselves cost (the client, the kernel)
      // can be told from what the app adds.
      let mediaCeiling: Ceiling | undefined;
      if (list.some((s) => s.withMedia)) {
        log(`timeline-media için ${(await mediaSamples()).length} örnek görsel yüklendi.`);
        const { value: body } = await withMediaOnFirstPage(db.url, a.url, media!, async () => (await get(`${a.url}/api/posts/timeline`)).body);
        ceilings.push((mediaCeiling = await startCeiling('http', body)));
      }
      // timeline-media runs while the first page's posts carry the pictures, put back after each window.
      // timeline-protected and its twin run while 5% of the accounts are protected, lifted after each window.
      const protectedSpared = [...fixtures.users, ...special, fixtures.admin].map((u) => u.id);
      const run = async (s: Scenario, windowSeconds: number, connections?: number): Promise<LoadFigures> => {
        const go = () => load(urlOf(s), connections ? { ...s, connections } : s, windowSeconds);
        if (s.withProtected) return withProtectedAccounts(db.url, a.url, protectedSpared, go);
        if (s.withQuotes) return withQuotes(db.url, a.url, go);
        if (!s.withMedia) return go();
        const { value, bodyBytes } = await withMediaOnFirstPage(db.url, a.url, media!, go);
        mediaFigures.timelineBodyBytes = bodyBytes;
        return value;
      };
      // The baseline node of `like-bare`: the same build and database, notifications off.
      if (list.some((s) => s.node === 'quiet')) {
        log('Bildirimsiz karşılaştırma düğümü başlatılıyor…');
        nodes.push((quiet = await startNode({ ...env, NOTIFICATIONS_ENABLED: 'false' }, 'quiet')));
      }
      const urlOf = (s: Scenario) => (s.node === 'quiet' ? quiet!.url : a.url);
      if (!quick) {
        log('Isınma (her senaryo 1 sn)…');
        for (const s of list) await run(s, 1, 8);
      }
      if (list.some((s) => s.withProtected)) log(`timeline-protected: ${protectedFigures.accounts} hesap korumalı (pencerelerinde).`);
      if (list.some((s) => s.withQuotes)) log(`timeline-quotes: ${quoteFigures.quotes} gönderi alıntı (pencerelerinde).`);
      const perScenario = new Map<string, LoadFigures[]>(list.map((s) => [s.key, []]));
      const ceilingRuns = { http: [] as LoadFigures[], express: [] as LoadFigures[], httpMedia: [] as LoadFigures[] };
      const steps = rounds * (list.length + (mediaCeiling ? 3 : 2));
      let step = 0;
      for (let round = 1; round <= rounds; round++) {
        // The ceilings are measured in every round, between the scenarios of the run, so a
        // change in the machine's load moves both sides of a ratio.
        for (const c of [httpCeiling, expressCeiling]) {
          const figures = await load(c.url, { next: () => ({ method: 'GET', path: '/api/posts/timeline' }) }, seconds);
          ceilingRuns[c.kind].push(figures);
          log(`(${++step}/${steps}) tur ${round}: tavan ${c.kind.padEnd(7)} ${fmt(figures.rps).padStart(6)} istek/sn`);
        }
        if (mediaCeiling) {
          const figures = await load(mediaCeiling.url, { next: () => ({ method: 'GET', path: '/api/posts/timeline' }) }, seconds);
          ceilingRuns.httpMedia.push(figures);
          log(`(${++step}/${steps}) tur ${round}: tavan http, 4 resimli gövde ${fmt(figures.rps).padStart(6)} istek/sn`);
        }
        for (const s of list) {
          const figures = await run(s, seconds);
          perScenario.get(s.key)!.push(figures);
          log(
            `(${++step}/${steps}) tur ${round}: ${s.key.padEnd(20)} ${fmt(figures.rps).padStart(6)} istek/sn  p50 ${fmt(figures.p50)} ms  p99 ${fmt(figures.p99)} ms` +
              (figures.non2xx || figures.errors ? `  ⚠️ ${figures.non2xx} 2xx-dışı ${JSON.stringify(figures.failures)}, ${figures.errors} hata` : ''),
          );
        }
      }
      const http = medianFigures(ceilingRuns.http);
      const express = medianFigures(ceilingRuns.express);
      result = {
        scale,
        seedSeconds: db.seedSeconds,
        rows,
        ceilings: {
          http,
          express,
          bodyBytes: guest.body.length,
          ...(mediaCeiling ? { httpMedia: medianFigures(ceilingRuns.httpMedia), mediaBodyBytes: mediaFigures.timelineBodyBytes } : {}),
        },
        scenarios: {},
      };
      for (const s of list) {
        const runs = perScenario.get(s.key)!;
        const m = medianFigures(runs);
        result.scenarios[s.key] = { ...m, label: s.label, xExpress: m.rps / express.rps, xHttp: m.rps / http.rps, rounds: runs };
      }

      // Isolation: the timeline's latency alone, then while 32 clients hammer a heavy route.
      if (lastScale) {
        result.isolation = [];
        const timeline = list.find((s) => s.key === 'timeline-guest') ?? scenarios(fixtures, cursor)[0];
        const reads = list.filter((s) => s.key !== 'login' && !s.withMedia && !s.withProtected && !s.withQuotes && s.next().method === 'GET');
        const heaviest = [...reads].sort((x, y) => result.scenarios[y.key].p50 - result.scenarios[x.key].p50)[0];
        const login = list.find((s) => s.key === 'login');
        for (const heavy of [heaviest, login].filter((s): s is Scenario => Boolean(s))) {
          const alone = await load(a.url, { ...timeline, connections: 4 }, seconds);
          const [underLoad, heavyFigures] = await Promise.all([load(a.url, { ...timeline, connections: 4 }, seconds), load(a.url, { ...heavy, connections: 32 }, seconds)]);
          result.isolation.push({ heavy: heavy.key, alone, underLoad, heavyFigures });
          log(`yalıtım: ${heavy.key} altında zaman akışı p99 ${fmt(underLoad.p99)} ms (yalnızken ${fmt(alone.p99)} ms)`);
        }
      }
    }

    if (lastScale && !lighthouseOnly && withMediaUpload) {
      log('Resim yükleme: rota ve çıplak sharp, sonra 8 eşzamanlı yükleme…');
      mediaFigures.upload = await runMediaUpload({ node: a, users: fixtures.users, samples: quick ? 2 : 5 * rounds,
        bareConcurrent: !quick,
        image: quick ? QUICK_UPLOAD_IMAGE : UPLOAD_IMAGE,
        log: (line) => log(`medya: ${line}`) });
    }
    if (lastScale && !lighthouseOnly && withMediaMemory) {
      log('Bellek: 8 eşzamanlı 24 MP yükleme…');
      mediaFigures.memory = await runMediaMemory({ node: a, users: fixtures.users, log: (line) => log(`medya: ${line}`) });
    }
    if (Object.keys(mediaFigures).length) result.media = mediaFigures;

    if (withLighthouse && lastScale) {
      // Alone: the HTTP part is over and the realtime part has not started.
      log(`Lighthouse (mobil ön ayar, sayfa başına ${rounds} çalıştırma)…`);
      const samples = await mediaSamples();
      result.lighthouse = await runLighthouseBench({
        baseUrl: a.url,
        memberToken: fixtures.users[0].token,
        runs: rounds,
        log,
        // guest-home-media: the guest's / while its first page's posts carry the four uploaded pictures.
        withMedia: async (fn) => (await withMediaOnFirstPage(db.url, a.url, samples, fn)).value,
      });
    }

    if (!args['no-realtime'] && !lighthouseOnly && b && lastScale) {
      log('Anlık ölçümler (iki düğüm, gerçek socket.io-client)…');
      result.realtime = await runRealtimeBench({
        nodes: [a, b],
        users: fixtures.users,
        postIds: fixtures.recentPostIds,
        quick,
        log: (line) => log(`anlık: ${line}`),
      });
    }
  } finally {
    for (const c of ceilings) await c.stop();
    for (const n of nodes) await n.stop();
  }
  await sleep(500);
  const updatesAfter = await postUpdates(db.url);
  // Less timeline-media's own updates of posts.media (counted exactly in their transactions).
  const updates = updatesAfter.updates - updatesBefore.updates - mediaPostUpdates.updates;
  const hot = updatesAfter.hot - updatesBefore.hot - mediaPostUpdates.hot;
  mediaPostUpdates.updates = mediaPostUpdates.hot = 0;
  if (updates > 0) result.hotUpdates = { updates, hot, ratio: hot / updates };
  return result;
}

interface Target {
  name: string;
  value: string;
  ok: boolean;
}

function targets(results: ScaleResult[]): Target[] {
  const big = results.find((r) => r.scale === 'default') ?? results[results.length - 1];
  const small = results.find((r) => r.scale === 'small');
  const s = big.scenarios;
  const out: Target[] = [];
  const ratio = (key: string, min: number, label: string) => {
    if (s[key]) out.push({ name: `${label} ≥ ${min}× Express`, value: `${fmt(s[key].xExpress, 2)}×`, ok: s[key].xExpress >= min });
  };
  const p99 = (key: string, max: number) => {
    if (s[key]) out.push({ name: `${key} p99 < ${max} ms`, value: `${fmt(s[key].p99)} ms`, ok: s[key].p99 < max });
  };
  ratio('timeline-guest', 0.6, 'misafir zaman akışı');
  ratio('timeline-member', 0.35, 'üye zaman akışı');
  // Issue 15: a member following 1,000 accounts gets a page within 2× of the global timeline's p50.
  const member = s['timeline-member'];
  const following = s['timeline-following'];
  if (member && following) {
    const r = Math.max(following.p50, 1) / Math.max(member.p50, 1);
    out.push({ name: 'takip edilenler akışı p50 ≤ 2× üye zaman akışı', value: `${fmt(r, 2)}×`, ok: r <= 2 });
  }
  // Issue 25: blocks, mutes and muted words may not cost the feeds more than a fifth (req/s, same run).
  for (const [key, base, label] of [
    ['timeline-shielded', 'timeline-member', 'zaman akışı'],
    ['timeline-following-shielded', 'timeline-following', 'takip edilenler'],
  ] as const) {
    if (s[key] && s[base]) {
      const r = s[key].rps / s[base].rps;
      out.push({ name: `${label}: 1.000 engel + 1.000 sessiz + 50 sözcük ≥ 0.8× hiçbiri (istek/sn)`, value: `${fmt(r, 2)}×`, ok: r >= 0.8 });
    }
  }
  // Issue 26: 5% of the accounts protected may not cost the timelines more than a tenth (req/s, same run).
  for (const [key, base, label] of [
    ['timeline-ranked-protected', 'timeline-ranked', 'size özel'],
    ['timeline-protected', 'timeline-member', 'son (zaman akışı)'],
    ['timeline-following-protected', 'timeline-following', 'takip edilenler'],
  ] as const) {
    if (s[key] && s[base]) {
      const r = s[key].rps / s[base].rps;
      out.push({ name: `${label}: hesapların %5’i korumalı ≥ 0.9× hiçbiri (istek/sn)`, value: `${fmt(r, 2)}×`, ok: r >= 0.9 });
    }
  }
  // Issue 27: one in five of the newest posts a quote may not cost the timelines more than a tenth (req/s, same run).
  for (const [key, base, label] of [
    ['timeline-quotes', 'timeline-member', 'son (zaman akışı)'],
    ['timeline-ranked-quotes', 'timeline-ranked', 'size özel'],
    ['timeline-following-quotes', 'timeline-following', 'takip edilenler'],
  ] as const) {
    if (s[key] && s[base]) {
      const r = s[key].rps / s[base].rps;
      out.push({ name: `${label}: yeni gönderilerin %20’si alıntı ≥ 0.9× hiçbiri (istek/sn)`, value: `${fmt(r, 2)}×`, ok: r >= 0.9 });
    }
  }
  // Issue 26: the ranked `Size özel` first page keeps ≥ 0.8× the member timeline's req/s (same run).
  if (s['timeline-ranked'] && s['timeline-member']) {
    const r = s['timeline-ranked'].rps / s['timeline-member'].rps;
    out.push({ name: 'size özel (sıralı) ilk sayfa ≥ 0.8× üye zaman akışı (istek/sn)', value: `${fmt(r, 2)}×`, ok: r >= 0.8 });
  }
  ratio('like-toggle', 0.25, 'beğeni');
  ratio('create-post', 0.25, 'gönderi oluşturma');
  for (const k of ['like-toggle', 'create-post', 'search-common', 'search-rare', 'search-hashtag', 'search-short', 'admin-users-search', 'admin-dashboard']) p99(k, 100);
  // Issue 14: the notifications writer may not slow a like (same run, same build, writer off).
  if (s['like-toggle'] && s['like-bare']) {
    const r = s['like-toggle'].rps / s['like-bare'].rps;
    out.push({ name: 'bildirimli beğeni ≥ 0.9× bildirimsiz (istek/sn)', value: `${fmt(r, 2)}×`, ok: r >= 0.9 });
  }
  const guestRps = s['timeline-guest']?.rps;
  for (const k of ['trending-hashtags', 'trending-users', 'post-hot']) {
    if (s[k] && guestRps) out.push({ name: `${k} ≥ 0.5× misafir zaman akışı`, value: `${fmt(s[k].rps / guestRps, 2)}×`, ok: s[k].rps / guestRps >= 0.5 });
  }
  // Issue 24: pictures may not slow the guest timeline (same route, same data, same run).
  if (s['timeline-media'] && guestRps) {
    const r = s['timeline-media'].rps / guestRps;
    // Beside it, what the larger body costs a bare node:http server in the same run.
    const c = big.ceilings;
    const bare = c?.httpMedia ? ` (çıplak node:http aynı gövdelerle ${fmt(c.httpMedia.rps / c.http.rps, 2)}×)` : '';
    out.push({ name: 'timeline-media ≥ 0.9× misafir zaman akışı (istek/sn)', value: `${fmt(r, 2)}×${bare}`, ok: r >= 0.9 });
  }
  // The same, asked as a browser asks (brotli): the bytes a guest really gets.
  if (s['timeline-media-br'] && s['timeline-guest-br']) {
    const r = s['timeline-media-br'].rps / s['timeline-guest-br'].rps;
    out.push({ name: 'timeline-media-br ≥ 0.9× timeline-guest-br, tarayıcı gibi (istek/sn)', value: `${fmt(r, 2)}×`, ok: r >= 0.9 });
  }
  const media = results.find((r) => r.media)?.media;
  if (media?.upload) {
    const u = media.upload;
    out.push({ name: 'resim yükleme rota p50 ≤ 1.3× çıplak sharp', value: `${fmt(u.ratio, 2)}× (${fmt(u.route.p50)} / ${fmt(u.bare.p50)} ms)`, ok: u.ratio <= 1.3 && u.failures === 0 });
    out.push({ name: '8 eşzamanlı yüklemede olay döngüsü gecikmesi p99 < 50 ms', value: `${fmt(u.concurrent.loopDelay.p99, 1)} ms`, ok: u.concurrent.loopDelay.p99 < 50 && u.concurrent.failed === 0 });
  }
  if (media?.memory) {
    const m = media.memory.rssMiB;
    out.push({ name: '8 eşzamanlı 24 MP yüklemede RSS artışı < 300 MB', value: `+${fmt(m.rise)} MiB`, ok: m.rise * 2 ** 20 < 300e6 && media.memory.failed === 0 });
    // "Falls back": what stays resident is at most a quarter of the rise, or 50 MiB when the rise was small.
    const allowed = Math.max(50, m.rise / 4);
    out.push({ name: 'yüklemelerden sonra RSS geri iner (kalan ≤ max(50 MiB, artışın ¼’ü))', value: `+${fmt(m.residual)} MiB (izin ${fmt(allowed)})`, ok: m.residual <= allowed });
  }
  if (big.hotUpdates) out.push({ name: 'HOT sayaç güncellemesi ≥ %90', value: `%${fmt(big.hotUpdates.ratio * 100, 1)}`, ok: big.hotUpdates.ratio >= 0.9 });
  for (const iso of big.isolation ?? []) {
    out.push({ name: `yalıtım (${iso.heavy} altında) zaman akışı p99 < 100 ms`, value: `${fmt(iso.underLoad.p99)} ms`, ok: iso.underLoad.p99 < 100 });
  }
  if (small && small !== big) {
    for (const [key, f] of Object.entries(s)) {
      const base = small.scenarios[key];
      if (!base) continue;
      // Below a millisecond autocannon's resolution decides; 1 ms is the floor of a fair ratio.
      const r = Math.max(f.p50, 1) / Math.max(base.p50, 1);
      out.push({ name: `${key}: p50 1M / 10k ≤ 1.5`, value: `${fmt(r, 2)}`, ok: r <= 1.5 });
    }
  }
  const rt = big.realtime as { targets?: Target[] } | undefined;
  if (rt?.targets) out.push(...rt.targets);
  const lighthouse = results.find((r) => r.lighthouse)?.lighthouse;
  if (lighthouse) out.push(...lighthouseTargets(lighthouse));
  return out;
}

function printMedia(media: NonNullable<ScaleResult['media']>): void {
  const u = media.upload;
  const m = media.memory;
  if (u || m) console.log('\nResimler (issue 24):');
  if (u) {
    console.log(
      `  yükleme ${u.image.width}×${u.image.height} JPEG (${(u.image.bytes / 1e6).toFixed(2)} MB): rota p50 ${fmt(u.route.p50)} ms (p99 ${fmt(u.route.p99)}), ` +
        `çıplak sharp p50 ${fmt(u.bare.p50)} ms (p99 ${fmt(u.bare.p99)}) → ${fmt(u.ratio, 2)}× (${u.route.samples} örnek)`,
    );
    console.log(
      `  8 eşzamanlı yükleme: ${fmt(u.concurrent.seconds, 1)} sn, olay döngüsü gecikmesi p50 ${fmt(u.concurrent.loopDelay.p50, 1)} / p99 ${fmt(u.concurrent.loopDelay.p99, 1)} / en çok ${fmt(u.concurrent.loopDelay.max, 1)} ms` +
        (u.failures ? `, ⚠️ ${u.failures} başarısız (${u.concurrent.statuses.join(',')})` : ''),
    );
    const b = u.bareConcurrent;
    if (b) console.log(`  8 eşzamanlı çıplak sharp (HTTP'siz, bench sürecinde): ${fmt(b.seconds, 1)} sn, o sürecin olay döngüsü gecikmesi p99 ${fmt(b.loopDelay.p99, 1)} / en çok ${fmt(b.loopDelay.max, 1)} ms`);
  }
  if (m) {
    console.log(
      `  bellek, 8 × ${m.image.width}×${m.image.height} JPEG (${(m.image.bytes / 1e6).toFixed(2)} MB): RSS ${fmt(m.rssMiB.before)} → en çok ${fmt(m.rssMiB.peak)} MiB (+${fmt(m.rssMiB.rise)}), ` +
        `${fmt(m.settleSeconds, 1)} sn sonra ${fmt(m.rssMiB.after)} MiB (+${fmt(m.rssMiB.residual)})` + (m.failed ? `, ⚠️ ${m.failed} başarısız` : ''),
    );
  }
  if (media.timelineBodyBytes) console.log(`  timeline-media ilk sayfası ${media.timelineBodyBytes} bayt (gönderi başına 4 resim)`);
}

function printTable(r: ScaleResult, small?: ScaleResult): void {
  if (r.lighthouse) printLighthouseTable(r.lighthouse);
  if (r.media) printMedia(r.media);
  if (!r.ceilings) return;
  const title = `${r.scale === 'default' ? 'Varsayılan ölçek' : 'Küçük ölçek'}: ${r.rows.posts.toLocaleString('tr-TR')} gönderi, ${r.rows.users.toLocaleString('tr-TR')} kullanıcı`;
  console.log(`\n${title}`);
  console.log(`tavanlar: node:http ${fmt(r.ceilings.http.rps)} istek/sn, Express ${fmt(r.ceilings.express.rps)} istek/sn (${r.ceilings.bodyBytes} bayt, 32 bağlantı)`);
  if (r.ceilings.httpMedia) console.log(`tavan: node:http, 4 resimli ilk sayfa ${fmt(r.ceilings.httpMedia.rps)} istek/sn (${r.ceilings.mediaBodyBytes} bayt)`);
  const head = ['senaryo', 'istek/sn', 'p50 ms', 'p99 ms', '× Express', '× http', ...(small ? ['p50 / 10k'] : []), 'hata'];
  const rows = Object.entries(r.scenarios).map(([key, f]) => [
    key,
    fmt(f.rps),
    fmt(f.p50),
    fmt(f.p99),
    fmt(f.xExpress, 2),
    fmt(f.xHttp, 2),
    ...(small ? [small.scenarios[key] ? fmt(Math.max(f.p50, 1) / Math.max(small.scenarios[key].p50, 1), 2) : '–'] : []),
    String(f.non2xx + f.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  if (r.hotUpdates) console.log(`posts HOT güncelleme oranı (tüm koşu: beğeni, yanıt, görüntülenme): %${fmt(r.hotUpdates.ratio * 100, 1)} (${r.hotUpdates.hot}/${r.hotUpdates.updates})`);
  for (const iso of r.isolation ?? []) {
    console.log(`yalıtım: 32 istemci ${iso.heavy} (${fmt(iso.heavyFigures.rps)} istek/sn) → zaman akışı p99 ${fmt(iso.underLoad.p99)} ms (yalnızken ${fmt(iso.alone.p99)} ms)`);
  }
}

const FANOUT_NODES = [3, 8, 32];

/** Both adapters at 3, 8 and 32 nodes: the classic over `redisUrl`, the sharded over a six-process Redis Cluster of its own. */
async function runFanout(redisUrl: string): Promise<FanoutRow[]> {
  const { freeClusterPorts, startRedisCluster } = (await import(pathToFileURL(join(repoRoot, 'scripts/redis-cluster.mjs')).href)) as {
    freeClusterPorts(count: number): Promise<number[]>;
    startRedisCluster(ports: number[]): Promise<{ url: string; stop(): Promise<void> }>;
  };
  log('Adaptör yayılımı: Redis Cluster başlatılıyor (3 ana, 3 yedek)…');
  const cluster = await startRedisCluster(await freeClusterPorts(6));
  const events = quick ? 100 : 400;
  const rows: FanoutRow[] = [];
  try {
    for (const nodes of FANOUT_NODES) {
      for (const [adapter, url] of [
        ['classic', redisUrl],
        ['sharded', cluster.url],
      ] as const) {
        const row = await measureFanout({ adapter, url, nodes, events, repoRoot });
        log(`adaptör ${adapter}, ${nodes} düğüm: düğüm başına olay başına ${fmt(row.perNodePerEvent, 3)} ileti, küme toplamı ${fmt(row.clusterPerEvent, 2)}; p99 ${fmt(row.p99Ms, 1)} ms`);
        rows.push(row);
      }
    }
  } finally {
    await cluster.stop();
  }
  return rows;
}

function printFanout(rows: FanoutRow[]): void {
  console.log('\nAdaptör yayılımı (issue 28): beğeni olayı başına Redis iletisi; her gönderinin izleyicileri tek düğümde');
  console.log('  adaptör   düğüm   düğüm başına/olay   küme toplamı/olay   p50 ms   p99 ms');
  for (const r of rows) {
    console.log(`  ${r.adapter.padEnd(8)} ${String(r.nodes).padStart(6)} ${fmt(r.perNodePerEvent, 3).padStart(19)} ${fmt(r.clusterPerEvent, 2).padStart(19)} ${fmt(r.p50Ms, 1).padStart(8)} ${fmt(r.p99Ms, 1).padStart(8)}`);
  }
}

/**
 * A node's Redis load at a fixed event rate per node is the cluster's messages per event
 * (clusterPerEvent): the sharded adapter's must stay flat from 3 to 32 nodes (within 1.5×), the
 * classic's grows with the nodes.
 */
function fanoutTargets(rows: FanoutRow[]): Target[] {
  const at = (adapter: FanoutRow['adapter'], nodes: number) => rows.find((r) => r.adapter === adapter && r.nodes === nodes);
  const [fewest, most] = [FANOUT_NODES[0], FANOUT_NODES.at(-1)!];
  const list: Target[] = [];
  const sharded = [at('sharded', fewest), at('sharded', most)];
  const classic = [at('classic', fewest), at('classic', most)];
  if (sharded[0] && sharded[1]) {
    const ratio = sharded[1].clusterPerEvent / sharded[0].clusterPerEvent;
    list.push({ name: `sharded adaptör ${fewest} → ${most} düğüm: olay başına ileti düz kalır (≤ 1,5×)`, value: `${fmt(sharded[0].clusterPerEvent, 2)} → ${fmt(sharded[1].clusterPerEvent, 2)} (${fmt(ratio, 2)}×)`, ok: ratio <= 1.5 });
  }
  if (classic[0] && classic[1]) {
    const ratio = classic[1].clusterPerEvent / classic[0].clusterPerEvent;
    list.push({ name: `klasik adaptör ${fewest} → ${most} düğüm: düğüm sayısıyla büyür (karşılaştırma)`, value: `${fmt(classic[0].clusterPerEvent, 2)} → ${fmt(classic[1].clusterPerEvent, 2)} (${fmt(ratio, 2)}×)`, ok: ratio >= (most / fewest) * 0.8 });
  }
  return list;
}

async function main(): Promise<void> {
  log(
    separateOnly
      ? `gündem benchmark: ${[...only!].join(', ')} (issue 28)`
      : lighthouseOnly
      ? `gündem benchmark: yalnız Lighthouse, ölçek ${scales.join(' + ')}, sayfa başına ${rounds} çalıştırma`
      : `gündem benchmark: ölçek ${scales.join(' + ')}, ${rounds} tur × ${seconds} sn${quick ? ' (hızlı)' : ''}${withLighthouse ? ', Lighthouse' : ''}`,
  );
  const load1 = loadavg();
  const pg = separateOnly && !withTopologies && !withMembers ? null : await openPostgres(log);
  const redis = await openRedis(log);
  if (pg) log(`${pg.version}${pg.embedded ? ' (gömülü)' : ''}; Redis ${redis ? redis.url : 'yok'}`);
  const results: ScaleResult[] = [];
  let fanout: FanoutRow[] | null = null;
  const replicaReads: ReplicaBenchResult[] = [];
  let topologies: TopologyResult | null = null;
  const membersPerCore: MembersResult[] = [];
  try {
    if (pg && !separateOnly) for (const scale of scales) results.push(await runScale(scale, pg, redis?.url ?? null));
    if (withTopologies && pg && redis) topologies = await runRealtimeTopologies({ pg, redisUrl: redis.url, repoRoot, rounds, log });
    if (withMembers && pg) {
      for (const scale of scales) {
        membersPerCore.push(
          await runMembersBench({ pg, scale, steps: quick ? [100, 300] : [250, 500, 1_000, 2_000, 3_000, 4_000, 6_000, 8_000], seconds: Math.max(seconds, 10), intervalMs: 5_000, log }),
        );
      }
    }
    if (withFanout && redis) fanout = await runFanout(redis.url);
    if (withReplicaReads) for (const scale of scales) replicaReads.push(await runReplicaBench({ repoRoot, scale, seconds, log }));
  } finally {
    await redis?.stop();
    await pg?.stop();
  }
  if (fanout) printFanout(fanout);
  if (topologies) {
    console.log(`\nAnlık gecikme, iki Redis topolojisi (issue 28): ${topologies.watchers} izleyici, ${rounds} tur, medyanlar`);
    console.log(`  tek Redis (klasik adaptör):     beğeni → izleyici p99 ${fmt(topologies.single.engagementP99, 1)} ms, DM p99 ${fmt(topologies.single.dmP99, 1)} ms`);
    console.log(`  Redis Cluster (sharded):        beğeni → izleyici p99 ${fmt(topologies.cluster.engagementP99, 1)} ms, DM p99 ${fmt(topologies.cluster.dmP99, 1)} ms`);
  }
  for (const r of membersPerCore) {
    console.log(`\nÇekirdek başına üye (issue 28), ölçek ${r.scale}, her üye ${r.intervalMs / 1000} sn'de bir (± yarısı), ${r.pinned ? 'düğüm + veritabanları çekirdek 0, üreteçler çekirdek 1' : 'çekirdekler paylaşılıyor'}:`);
    console.log('   üyeler   istek/sn   p50 ms   p99 ms   hata   düğüm CPU   PostgreSQL CPU');
    for (const step of r.steps) {
      console.log(`  ${String(step.members).padStart(7)} ${fmt(step.rps).padStart(10)} ${fmt(step.p50, 1).padStart(8)} ${fmt(step.p99, 1).padStart(8)} ${String(step.errors).padStart(6)} ${`%${fmt(step.nodeCpu * 100)}`.padStart(11)} ${`%${fmt(step.postgresCpu * 100)}`.padStart(16)}`);
    }
    console.log(`  p99 ≤ 500 ms ile en çok: ${r.membersPerCore ?? 'ilk adım bile aştı'} üye`);
  }
  for (const r of replicaReads) {
    console.log(`\nOkuma kopyası (issue 28), ölçek ${r.scale}, misafir okumaları ${r.seconds} sn: ${fmt(r.figures.rps)} istek/sn, p50 ${fmt(r.figures.p50)} ms, p99 ${fmt(r.figures.p99)} ms`);
    console.log(`  işlem: birincil ${r.primaryTransactions}, kopya ${r.replicaTransactions} → kopyanın payı %${fmt(r.replicaShare * 100, 1)}; gecikmeye dayanıklı okumalar: ${JSON.stringify(r.lagTolerantReads)}`);
  }
  const small = results.find((r) => r.scale === 'small');
  for (const r of results) printTable(r, r.scale === 'default' ? small : undefined);
  const list = [
    ...(results.length ? targets(results) : []),
    ...(fanout ? fanoutTargets(fanout) : []),
    ...(topologies
      ? (['engagementP99', 'dmP99'] as const).map((key) => {
          const ratio = topologies!.cluster[key] / topologies!.single[key];
          return { name: `Redis Cluster'da ${key === 'engagementP99' ? 'beğeni → izleyici' : 'düğümler arası DM'} p99 ≤ 1,5 × tek Redis`, value: `${fmt(topologies!.cluster[key], 1)} / ${fmt(topologies!.single[key], 1)} ms (${fmt(ratio, 2)}×)`, ok: ratio <= 1.5 };
        })
      : []),
    ...replicaReads.map((r) => ({ name: `misafir okumalarının ≥ %80'i kopyadan (${r.scale})`, value: `%${fmt(r.replicaShare * 100, 1)}`, ok: r.replicaShare >= 0.8 })),
  ];
  console.log('\nHedefler (issue 9, 13, 24, 28):');
  for (const t of list) console.log(`  ${t.ok ? '✓' : '✗'} ${t.name}: ${t.value}`);
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    postgres: pg?.version ?? null,
    redis: Boolean(redis),
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverage: { start: load1, end: loadavg() },
    settings: { quick, scales, rounds, seconds, connections: 32 },
    seconds: Math.round((Date.now() - started) / 1000),
    results: results.map(({ lighthouse: _lighthouse, ...rest }) => rest),
    // Issue 13: scores and load metrics of the mobile preset, per page (test/load/lighthouse.ts).
    lighthouse: results.find((r) => r.lighthouse)?.lighthouse ?? null,
    // Issue 28: Redis messages per node per like event, classic adapter against sharded (fanout.ts).
    fanout,
    replicaReads: replicaReads.length ? replicaReads : null,
    realtimeTopologies: topologies,
    membersPerCore: membersPerCore.length ? membersPerCore : null,
    targets: list,
    summary: { met: list.filter((t) => t.ok).length, missed: list.filter((t) => !t.ok).length },
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  log(`Sonuçlar: ${outFile} (${report.summary.met} hedef tuttu, ${report.summary.missed} tutmadı; ${report.seconds} sn).`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
