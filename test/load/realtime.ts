/**
 * The benchmark's realtime part: two nodes on PostgreSQL + Redis, real socket.io-client over
 * WebSocket. Client sockets live in child processes (realtime-clients.ts), a few thousand to ten
 * thousand each, so the bench process's own event loop only times requests and events.
 *
 * - ladder: idle connections (half guests, half signed in) split across both nodes, step by
 *   step; at each step heap and RSS per connection on each node after a full GC, minus the
 *   figures before the first connection; the connect rate; the client processes' cost.
 * - engagement: N watchers of one post split across the nodes; likes on node A, spaced so that
 *   each goes out at once (the coalescer's window is 100 ms); from the start of the like request
 *   to each watcher's receipt.
 * - dm: the sender posts `POST /api/messages/send` on node A, the receiver is connected to node
 *   B; from the start of the request to the receipt of `message:new`.
 * - feed: K connections showing the home feed plus M that do not; P posts created at a steady
 *   rate on both nodes; `post:new` frames received in total per post, and the batch sizes.
 * - loop: each node's event-loop delay during each phase (its IPC figures).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ClientListen, ClientRequest, CollectReply, MemoryReply, OpenReply } from './realtime-clients.js';
import type { BenchNode, Latency, NodeStats, RealtimeBenchContext } from './types.js';

/** Event-loop delay of one node during a phase, milliseconds. */
export type LoopDelay = NodeStats['loopDelay'];

export interface LadderStep {
  /** Connections open at this step (both nodes). */
  connections: number;
  /** Per node, as the node reports them. */
  perNode: Array<{ connections: number; heapPerConnection: number; rssPerConnection: number }>;
  /** New connections of this step per second (handshake included, as the clients saw it). */
  connectRate: number;
  failed: number;
  /** The client processes' heap and RSS per connection (socket.io-client, one Manager each). */
  clientHeapPerConnection: number;
  clientRssPerConnection: number;
}

export interface RealtimeResults {
  quick: boolean;
  /** Open-file limit of this process (the nodes inherit it): it caps connections per process. */
  fileLimit: number;
  ladder: LadderStep[];
  /** The highest step reached, and the worst node's heap per connection there (bytes). */
  maxConnections: number;
  heapPerConnection: number;
  engagement: Latency & { watchers: number; likes: number; missing: number; loop: LoopDelay[] };
  dm: Latency & { messages: number; missing: number; httpP50: number; loop: LoopDelay[] };
  feed: {
    homeClients: number;
    otherClients: number;
    posts: number;
    /** `post:new` frames received by all clients together, per created post. */
    framesPerPost: number;
    /** What sending every post to every connection would have cost, per post. */
    framesPerPostBroadcast: number;
    /** Frames received by connections not showing the home feed (must be 0). */
    framesElsewhere: number;
    /** Posts a home-feed client received, on average (must equal `posts`). */
    postsPerHomeClient: number;
    batch: { frames: number; min: number; mean: number; max: number };
    loop: LoopDelay[];
  };
  targets: Array<{ name: string; value: string; ok: boolean }>;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function latency(samples: number[]): Latency {
  if (!samples.length) return { samples: 0, p50: NaN, p99: NaN, max: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { samples: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1]) };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The soft limit on open files of this process (`ulimit -n`); the nodes and children inherit it. */
function fileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s+/)[3]);
    return Number.isFinite(soft) && soft > 0 ? soft : 1024;
  } catch {
    return 1024;
  }
}

/** Child processes holding client sockets; every request is answered once, by id. */
export class ClientPool {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: never) => void>();

  private constructor(private readonly children: ChildProcess[]) {
    for (const child of children) {
      child.on('message', (reply: { id: number }) => {
        const resolve = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        resolve?.(reply as never);
      });
    }
  }

  static async start(count: number): Promise<ClientPool> {
    const children = Array.from({ length: count }, () =>
      fork(join(__dirname, 'realtime-clients.js'), [], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    await Promise.all(children.map((child) => new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
    return new ClientPool(children);
  }

  get size(): number {
    return this.children.length;
  }

  request<R>(index: number, command: ClientRequest): Promise<R> {
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      const child = this.children[index];
      const gone = () => reject(new Error(`istemci süreci ${index} kapandı`));
      child.once('exit', gone);
      this.pending.set(id, ((reply: R) => {
        child.off('exit', gone);
        resolve(reply);
      }) as (reply: never) => void);
      child.send({ ...command, id });
    });
  }

  all<R>(command: ClientRequest): Promise<R[]> {
    return Promise.all(this.children.map((_, i) => this.request<R>(i, command)));
  }

  /**
   * Opens one connection per token on the node given by `nodeOf(i)`, spread evenly over the
   * children; resolves with how many opened and failed, and the wall time.
   */
  async open(
    group: string,
    nodes: BenchNode[],
    tokens: Array<string | null>,
    options: { feed?: boolean; watch?: string; listen?: ClientListen[]; concurrency?: number } = {},
  ): Promise<{ opened: number; failed: number; ms: number; error?: string }> {
    const started = now();
    // Connection i goes to node i % nodes.length, and to child i % children.
    const jobs: Array<Promise<OpenReply>> = [];
    for (let c = 0; c < this.children.length; c++) {
      for (let n = 0; n < nodes.length; n++) {
        const mine = tokens.filter((_, i) => i % nodes.length === n && Math.floor(i / nodes.length) % this.children.length === c);
        if (!mine.length) continue;
        jobs.push(
          this.request<OpenReply>(c, {
            op: 'open',
            group,
            url: nodes[n].url,
            tokens: mine,
            feed: options.feed,
            watch: options.watch,
            listen: options.listen ?? [],
            concurrency: Math.max(1, Math.round((options.concurrency ?? 64) / nodes.length)),
          }),
        );
      }
    }
    const replies = await Promise.all(jobs);
    return {
      opened: replies.reduce((s, r) => s + r.opened, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      ms: now() - started,
      error: replies.find((r) => r.error)?.error,
    };
  }

  async collect(group: string): Promise<CollectReply> {
    const replies = await this.all<CollectReply>({ op: 'collect', group });
    return { id: 0, engagement: replies.flatMap((r) => r.engagement), frames: replies.flatMap((r) => r.frames) };
  }

  async memory(): Promise<{ heapUsed: number; rss: number; sockets: number }> {
    const replies = await this.all<MemoryReply>({ op: 'memory', gc: true });
    return {
      heapUsed: replies.reduce((s, r) => s + r.heapUsed, 0),
      rss: replies.reduce((s, r) => s + r.rss, 0),
      sockets: replies.reduce((s, r) => s + r.sockets, 0),
    };
  }

  async close(group?: string): Promise<void> {
    await this.all({ op: 'close', group });
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.disconnect();
          }),
      ),
    );
  }
}

async function api(node: BenchNode, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(node.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Waits until the nodes have let go of closed connections, so a phase does not pay for the last one's teardown. */
async function settle(nodes: BenchNode[]): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const stats = await Promise.all(nodes.map((n) => n.stats()));
    if (stats.every((s) => s.connections === 0)) break;
    await sleep(100);
  }
  await sleep(300);
}

/** Resets both nodes' loop-delay histograms; the returned function reads them. */
async function loopWindow(nodes: BenchNode[]): Promise<() => Promise<LoopDelay[]>> {
  await Promise.all(nodes.map((n) => n.stats({ resetLoop: true })));
  return async () => (await Promise.all(nodes.map((n) => n.stats()))).map((s) => s.loopDelay);
}

const fmtLoop = (loops: LoopDelay[]) => loops.map((l, i) => `${'AB'[i]} p99 ${round(l.p99)} ms, en çok ${round(l.max)} ms`).join('; ');

/** How much each phase does; `runRealtimeBench` picks these from `ctx.quick` unless told. */
export interface RealtimeSizes {
  /** Connection counts of the ladder's steps, both nodes together. */
  ladder: number[];
  watchers: number;
  likes: number;
  messages: number;
  homeClients: number;
  otherClients: number;
  feedPosts: number;
  feedSeconds: number;
}

export const REALTIME_SIZES: Record<'full' | 'quick', RealtimeSizes> = {
  full: { ladder: [1_000, 5_000, 10_000, 20_000, 40_000], watchers: 5_000, likes: 20, messages: 200, homeClients: 2_000, otherClients: 2_000, feedPosts: 100, feedSeconds: 4 },
  quick: { ladder: [1_000, 2_000], watchers: 300, likes: 5, messages: 50, homeClients: 100, otherClients: 100, feedPosts: 20, feedSeconds: 2 },
};

export async function runRealtimeBench(ctx: RealtimeBenchContext, sizes: Partial<RealtimeSizes> = {}): Promise<RealtimeResults> {
  const { nodes, users, quick, log } = ctx;
  const size = { ...REALTIME_SIZES[quick ? 'quick' : 'full'], ...sizes };
  const began = now();
  const limit = fileLimit();
  // A node needs a few dozen descriptors of its own (database pool, Redis, files).
  const perNodeMax = Math.max(100, limit - 200);
  const wanted = size.ladder;
  const steps = [...new Set(wanted.map((n) => Math.min(n, 2 * perNodeMax)))];
  if (steps[steps.length - 1] < wanted[wanted.length - 1]) {
    log(`⚠️  açık dosya sınırı ${limit}: düğüm başına en çok ${perNodeMax} bağlantı, merdiven ${steps[steps.length - 1]} bağlantıda biter.`);
  }
  const { watchers, messages, homeClients, otherClients, feedPosts, feedSeconds } = size;
  const likes = Math.min(size.likes, users.length - 2);
  // Ten thousand client sockets a child at most, and each child under the file limit too.
  const perChild = Math.min(10_000, limit - 200);
  // Watchers of one post all receive each event at once: a child takes about as long per event
  // as a node does, so no child gets more than 1,250 of them, or the clients' own queue would
  // be what the latency measures.
  const children = Math.max(Math.ceil(Math.max(steps[steps.length - 1], homeClients + otherClients) / perChild), Math.ceil(watchers / 1_250), 1);
  const pool = await ClientPool.start(children);
  const tokenAt = (i: number) => users[i % users.length].token;
  let receiver: Socket | undefined;
  try {
    // ---------- Connection ladder ----------
    const base = await Promise.all(nodes.map((n) => n.stats({ gc: true })));
    const clientBase = await pool.memory();
    const ladder: LadderStep[] = [];
    let open = 0;
    for (const target of steps) {
      const count = target - open;
      // Half guests, half signed in, alternating so both nodes get both kinds.
      const tokens = Array.from({ length: count }, (_, i) => (Math.floor((open + i) / 2) % 2 === 0 ? null : tokenAt(open + i)));
      const opened = await pool.open('ladder', nodes, tokens, { concurrency: 128 });
      open = target;
      const stats = await Promise.all(nodes.map((n) => n.stats({ gc: true })));
      const client = await pool.memory();
      const step: LadderStep = {
        connections: stats.reduce((s, x) => s + x.connections, 0),
        perNode: stats.map((s, i) => ({
          connections: s.connections,
          heapPerConnection: Math.round((s.heapUsed - base[i].heapUsed) / Math.max(1, s.connections)),
          rssPerConnection: Math.round((s.rss - base[i].rss) / Math.max(1, s.connections)),
        })),
        connectRate: Math.round(opened.opened / (opened.ms / 1000)),
        failed: opened.failed,
        clientHeapPerConnection: Math.round((client.heapUsed - clientBase.heapUsed) / Math.max(1, client.sockets)),
        clientRssPerConnection: Math.round((client.rss - clientBase.rss) / Math.max(1, client.sockets)),
      };
      ladder.push(step);
      log(
        `merdiven ${step.connections}/${target} bağlantı (${step.connectRate}/sn${opened.failed ? `, ${opened.failed} başarısız: ${opened.error}` : ''}): ` +
          step.perNode.map((p, i) => `${'AB'[i]} yığın ${kb(p.heapPerConnection)}, RSS ${kb(p.rssPerConnection)}`).join('; ') +
          `; istemci ${kb(step.clientHeapPerConnection)}/bağlantı`,
      );
      if (opened.failed > count / 10) {
        log('⚠️  bağlantıların %10’undan fazlası açılamadı; merdiven burada biter.');
        break;
      }
    }
    await pool.close('ladder');
    await settle(nodes);
    const top = ladder[ladder.length - 1];

    // ---------- like → post:engagement ----------
    const postId = ctx.postIds[0];
    const watcherTokens = Array.from({ length: watchers }, (_, i) => (i % 2 ? tokenAt(i) : null));
    const w = await pool.open('watchers', nodes, watcherTokens, { watch: postId, listen: ['engagement'], concurrency: 128 });
    log(`beğeni: ${w.opened} izleyici (${w.failed} başarısız), ${likes} beğeni, aralarında 250 ms`);
    let readLoop = await loopWindow(nodes);
    const likeStarts: number[] = [];
    // The like's absolute count (from its answer) names its event; a count two likes share
    // (one liker had liked the post before, so the toggle unliked it) falls back to timing.
    const startByCount = new Map<number, number | null>();
    for (let i = 0; i < likes; i++) {
      // Users from the end of the list: the DM and feed phases use the first ones.
      const liker = users[users.length - 1 - i];
      const started = now();
      likeStarts.push(started);
      const res = await api(nodes[0], 'POST', `/api/posts/${postId}/like`, liker.token);
      if (res.status >= 300) throw new Error(`beğeni ${res.status}: ${JSON.stringify(res.body)}`);
      const count = Number((res.body as { likesCount?: unknown } | null)?.likesCount);
      startByCount.set(count, startByCount.has(count) ? null : started);
      await sleep(250);
    }
    await sleep(500);
    const engagementLoop = await readLoop();
    const got = await pool.collect('watchers');
    const samples: number[] = [];
    for (let i = 0; i < got.engagement.length; i += 2) {
      const [count, t] = [got.engagement[i], got.engagement[i + 1]];
      let started = startByCount.get(count);
      if (started == null) {
        let k = likeStarts.length - 1;
        while (k > 0 && likeStarts[k] > t) k--;
        started = likeStarts[k];
      }
      samples.push(t - started);
    }
    const expected = w.opened * likes;
    const engagement = { ...latency(samples), watchers: w.opened, likes, missing: Math.max(0, expected - samples.length), loop: engagementLoop };
    log(`beğeni → ${w.opened} izleyici: p50 ${engagement.p50} ms, p99 ${engagement.p99} ms, en çok ${engagement.max} ms (${engagement.missing} eksik); döngü ${fmtLoop(engagementLoop)}`);
    await pool.close('watchers');
    await settle(nodes);

    // ---------- cross-node message:new ----------
    const [sender, to] = [users[0], users[1]];
    receiver = io(nodes[1].url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: to.token } });
    await new Promise<void>((resolve, reject) => {
      receiver!.once('connect', () => resolve());
      receiver!.once('connect_error', reject);
    });
    const arrivals = new Map<string, number>();
    receiver.on('message:new', (event: { message: { text: string } }) => arrivals.set(event.message.text, now()));
    const send = (text: string) => api(nodes[0], 'POST', '/api/messages/send', sender.token, { receiverId: to.id, content: text });
    // Warm the HTTP connection and the statements' plans; not counted.
    for (let i = 0; i < 5; i++) await send(`ısınma ${i}`);
    readLoop = await loopWindow(nodes);
    const dmSamples: number[] = [];
    const http: number[] = [];
    const runId = Math.random().toString(36).slice(2, 8);
    for (let i = 0; i < messages; i++) {
      const text = `ölçüm ${runId} ${i}`;
      const started = now();
      const res = await send(text);
      http.push(now() - started);
      if (res.status !== 201) throw new Error(`mesaj ${res.status}: ${JSON.stringify(res.body)}`);
      for (let wait = 0; wait < 100 && !arrivals.has(text); wait++) await sleep(2);
      const at = arrivals.get(text);
      if (at !== undefined) dmSamples.push(at - started);
      await sleep(5);
    }
    const dmLoop = await readLoop();
    const dm = { ...latency(dmSamples), messages, missing: messages - dmSamples.length, httpP50: latency(http).p50, loop: dmLoop };
    log(`mesaj A → B: p50 ${dm.p50} ms, p99 ${dm.p99} ms (${dm.missing} eksik; HTTP yanıtı p50 ${dm.httpP50} ms); döngü ${fmtLoop(dmLoop)}`);
    receiver.close();
    receiver = undefined;

    // ---------- post:new frames per created post ----------
    const feedTokens = (n: number, offset: number) => Array.from({ length: n }, (_, i) => (i % 2 ? tokenAt(offset + i) : null));
    const home = await pool.open('home', nodes, feedTokens(homeClients, 0), { feed: true, listen: ['new'], concurrency: 128 });
    const others = await pool.open('others', nodes, feedTokens(otherClients, homeClients), { listen: ['new'], concurrency: 128 });
    log(`akış: ana akışta ${home.opened}, başka sayfada ${others.opened} bağlantı; ${feedPosts} gönderi ${feedSeconds} sn içinde`);
    readLoop = await loopWindow(nodes);
    const gap = (feedSeconds * 1000) / feedPosts;
    const startedFeed = now();
    const creates: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < feedPosts; i++) {
      const author = users[2 + (i % Math.max(1, users.length - 2 - likes))];
      creates.push(api(nodes[i % 2], 'POST', '/api/posts', author.token, { content: `Anlık ölçüm ${runId} #${i} #bench` }));
      const due = startedFeed + (i + 1) * gap;
      await sleep(Math.max(0, due - now()));
    }
    const statuses = await Promise.all(creates);
    const created = statuses.filter((s) => s.status === 201).length;
    // The last batch leaves at most a second after its first post.
    await sleep(1_250);
    const feedLoop = await readLoop();
    const atHome = await pool.collect('home');
    const elsewhere = await pool.collect('others');
    const frames = atHome.frames.length + elsewhere.frames.length;
    const batchSizes = atHome.frames;
    const feed = {
      homeClients: home.opened,
      otherClients: others.opened,
      posts: created,
      framesPerPost: round(frames / Math.max(1, created), 2),
      framesPerPostBroadcast: home.opened + others.opened,
      framesElsewhere: elsewhere.frames.length,
      postsPerHomeClient: round(batchSizes.reduce((s, n) => s + n, 0) / Math.max(1, home.opened), 2),
      batch: {
        frames: batchSizes.length,
        // reduce, not Math.min(...batchSizes): tens of thousands of arguments overflow the stack.
        min: batchSizes.reduce((m, n) => Math.min(m, n), batchSizes.length ? Infinity : 0),
        mean: round(batchSizes.reduce((s, n) => s + n, 0) / Math.max(1, batchSizes.length), 2),
        max: batchSizes.reduce((m, n) => Math.max(m, n), 0),
      },
      loop: feedLoop,
    };
    log(
      `akış: gönderi başına ${feed.framesPerPost} çerçeve (herkese gönderilseydi ${feed.framesPerPostBroadcast}); ` +
        `toplu gönderim ${feed.batch.min}–${feed.batch.max} gönderi (ort. ${feed.batch.mean}); ana akış dışına ${feed.framesElsewhere} çerçeve; döngü ${fmtLoop(feedLoop)}`,
    );
    await pool.close();
    log(`bitti (${((now() - began) / 1000).toFixed(1)} sn)`);

    const worstHeap = Math.max(...top.perNode.map((p) => p.heapPerConnection));
    const targets: RealtimeResults['targets'] = [];
    if (!quick && !sizes.ladder) targets.push({ name: 'anlık: iki düğümde 40.000 bağlantı', value: `${top.connections}`, ok: top.connections >= 40_000 });
    targets.push(
      { name: `anlık: boştaki bağlantı başına yığın < 15 KB (${top.connections} bağlantıda)`, value: kb(worstHeap), ok: worstHeap < 15 * 1024 },
      { name: `anlık: beğeni → ${engagement.watchers} izleyici p99 < 150 ms`, value: `${engagement.p99} ms`, ok: engagement.p99 < 150 && engagement.missing === 0 },
      { name: 'anlık: düğümler arası mesaj p99 < 50 ms', value: `${dm.p99} ms`, ok: dm.p99 < 50 && dm.missing === 0 },
      { name: 'anlık: post:new yalnız ana akıştakilere, toplu', value: `gönderi başına ${feed.framesPerPost} çerçeve`, ok: feed.framesElsewhere === 0 && feed.postsPerHomeClient === created },
    );
    return {
      quick,
      fileLimit: limit,
      ladder,
      maxConnections: top.connections,
      heapPerConnection: worstHeap,
      engagement,
      dm,
      feed,
      targets,
    };
  } finally {
    receiver?.close();
    await pool.close().catch(() => undefined);
    await pool.stop();
  }
}
