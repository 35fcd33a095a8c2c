/**
 * Adapter fan-out (issue 28): how many Redis messages each node receives per like event, with the
 * classic adapter over one Redis (PUBLISH / PSUBSCRIBE: every node receives every event) against
 * the sharded one over a Redis Cluster (SPUBLISH / SSUBSCRIBE, subscription mode `dynamic`: a
 * post's room is a channel of its own, received only by the nodes with a watcher of that post).
 *
 * Each node is a Socket.IO server with the app's own Redis clients (backend/dist/realtime/
 * redis-clients.js: the same options, the cluster's sharded subscribers) and adapter options
 * (realtime-io.adapter.js), in this process: what is counted is what each node's subscriber
 * connection receives, which does not depend on the process it lives in. Watchers are spread so
 * that each post has watchers on one node; each event is a `post:engagement` emit to the post's
 * room from a random node, and the next waits until the watcher's node has it. Counted at each
 * node's subscriber (the classic's `pmessage`, the sharded adapter's `onRawMessage`), its own
 * publishes included (a node's subscriber receives those too, and pays to read and drop them).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';

export interface FanoutRow {
  adapter: 'classic' | 'sharded';
  nodes: number;
  events: number;
  /** Messages each node's subscriber received, per node. */
  received: number[];
  /** Mean over nodes of messages received per event: 1 when every node receives every event. */
  perNodePerEvent: number;
  /**
   * Messages all nodes together received per event. Also a node's load when every node adds the
   * same event rate (a cluster's events grow with its nodes): messages a node receives per event
   * it emits itself. Classic: N, growing with the nodes; sharded: about 1, flat.
   */
  clusterPerEvent: number;
  /** Emit → the watcher's node received it, ms. */
  p50Ms: number;
  p99Ms: number;
}

interface RedisClients {
  pub: unknown;
  sub: unknown;
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Node {
  io: Server;
  clients: RedisClients;
  received: number;
}

const POSTS = 64;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`adaptör ölçümü: ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One adapter over `url` (one Redis, or a `redis+cluster://` Redis Cluster) at `count` nodes. */
export async function measureFanout(options: { adapter: 'classic' | 'sharded'; url: string; nodes: number; events: number; repoRoot: string }): Promise<FanoutRow> {
  const dist = join(options.repoRoot, 'backend/dist/realtime');
  // The build the nodes run (as media.ts reads the MediaProcessor).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createRedisClients } = require(join(dist, 'redis-clients.js')) as { createRedisClients(url: string, logger?: unknown): RedisClients };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SUBSCRIPTION_MODE } = require(join(dist, 'realtime-io.adapter.js')) as { SUBSCRIPTION_MODE: 'dynamic' };
  const prefix = `gundem-fanout-${process.pid}-${options.adapter}-${options.nodes}`;
  const quiet = { warn: () => undefined, log: () => undefined };
  const nodes: Node[] = [];
  try {
    for (let i = 0; i < options.nodes; i++) {
      const clients = createRedisClients(options.url, quiet);
      if (!(await clients.ready(10_000))) throw new Error(`adaptör ölçümü: Redis'e bağlanılamadı (${options.url})`);
      const io = new Server();
      io.adapter(
        options.adapter === 'classic'
          ? createAdapter(clients.pub as never, clients.sub as never, { key: prefix, requestsTimeout: 3_000 })
          : createShardedAdapter(clients.pub as never, clients.sub as never, { channelPrefix: prefix, subscriptionMode: SUBSCRIPTION_MODE }),
      );
      const node: Node = { io, clients, received: 0 };
      // Every message the node's subscriber receives: the classic adapter's pattern subscription
      // (its listener was bound in its constructor, so counted on the client), the sharded
      // adapter's entry (an arrow that calls the method, so counted there).
      if (options.adapter === 'classic') {
        (clients.sub as { on(event: string, listener: () => void): void }).on('pmessageBuffer', () => node.received++);
      } else {
        const adapter = io.of('/').adapter as unknown as { onRawMessage(...args: unknown[]): unknown };
        const original = adapter.onRawMessage.bind(adapter);
        adapter.onRawMessage = (...args: unknown[]) => {
          node.received++;
          return original(...args);
        };
      }
      nodes.push(node);
    }
    // Each post's watchers on one node (spread round-robin): a member of its room on that node.
    const watcherOf = (post: number) => post % options.nodes;
    for (let post = 0; post < POSTS; post++) {
      await nodes[watcherOf(post)].io.of('/').adapter.addAll(`watcher-${post}` as never, new Set([`post:${post}`]));
    }
    // Subscriptions settle (SSUBSCRIBE per room on the cluster): each room's node receives an emit.
    for (let post = 0; post < POSTS; post++) {
      const watcher = nodes[watcherOf(post)];
      const before = watcher.received;
      const deadline = Date.now() + 10_000;
      while (watcher.received === before) {
        nodes[(post + 1) % options.nodes].io.to(`post:${post}`).emit('post:engagement', { postId: String(post), warmup: true });
        const sent = Date.now();
        while (watcher.received === before && Date.now() - sent < 200) await new Promise((resolve) => setTimeout(resolve, 2));
        if (Date.now() > deadline) throw new Error(`adaptör ölçümü: post:${post} odasının aboneliği kurulmadı`);
      }
    }
    // Let stragglers of the warm-up land, then count from zero.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const node of nodes) node.received = 0;

    const latencies: number[] = [];
    for (let event = 0; event < options.events; event++) {
      const post = event % POSTS;
      const watcher = nodes[watcherOf(post)];
      const before = watcher.received;
      const started = performance.now();
      nodes[Math.floor(Math.random() * options.nodes)].io.to(`post:${post}`).emit('post:engagement', { postId: String(post), likeCount: event });
      await until(`post:${post} izleyicisine ulaşmadı`, () => watcher.received > before);
      latencies.push(performance.now() - started);
    }
    // Deliveries to nodes other than the watcher's (classic: all of them) may trail the watcher's.
    const expected = options.adapter === 'classic' ? options.events * options.nodes : options.events;
    await until('iletilerin tümü gelmedi', () => nodes.reduce((sum, node) => sum + node.received, 0) >= expected).catch(() => undefined);

    const received = nodes.map((node) => node.received);
    const total = received.reduce((a, b) => a + b, 0);
    latencies.sort((a, b) => a - b);
    return {
      adapter: options.adapter,
      nodes: options.nodes,
      events: options.events,
      received,
      perNodePerEvent: total / options.nodes / options.events,
      clusterPerEvent: total / options.events,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
  } finally {
    for (const node of nodes) {
      // Never attached to an HTTP server: no engine to close, only the adapter and its clients.
      await (node.io.of('/').adapter as unknown as { close(): Promise<void> | void }).close();
      await node.clients.close();
    }
  }
}
