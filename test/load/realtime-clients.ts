/**
 * A child process of the realtime benchmark (realtime.ts): it holds socket.io-client connections
 * for the parent, so that 40,000 client sockets are spread over a few processes (one process
 * has at most `ulimit -n` descriptors, and one event loop would be the bottleneck it measures).
 *
 * Protocol (IPC, one answer per request, same `id`):
 *   open    { group, url, tokens, feed?, watch?, listen, concurrency } → { opened, failed, ms, error? }
 *   close   { group? }                                                 → { closed }
 *   collect { group }                  → { engagement: [likeCount, t, …], frames: [batch size, …] } (and forgets them)
 *   memory  { gc? }                    → { heapUsed, rss, sockets }
 * Times are `performance.timeOrigin + performance.now()`: the same clock as the parent's.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

export type ClientListen = 'engagement' | 'new';

export type ClientCommand =
  | {
      op: 'open';
      id: number;
      group: string;
      url: string;
      /** One entry per connection: a token signs it in, null makes a guest. */
      tokens: Array<string | null>;
      /** Say `feed:watch { feed: 'home' }` after connecting. */
      feed?: boolean;
      /** Say `posts:watch [watch]` after connecting. */
      watch?: string;
      listen: ClientListen[];
      concurrency: number;
    }
  | { op: 'close'; id: number; group?: string }
  | { op: 'collect'; id: number; group: string }
  | { op: 'memory'; id: number; gc?: boolean };

/** A command before the pool numbers it. */
export type ClientRequest = ClientCommand extends infer C ? (C extends unknown ? Omit<C, 'id'> : never) : never;

export interface OpenReply {
  id: number;
  opened: number;
  failed: number;
  ms: number;
  error?: string;
}

export interface CollectReply {
  id: number;
  /** Flattened pairs: the event's likeCount, then its arrival time. */
  engagement: number[];
  /** One entry per `post:new` frame: how many posts it carried. */
  frames: number[];
}

export interface MemoryReply {
  id: number;
  heapUsed: number;
  rss: number;
  sockets: number;
}

const now = () => performance.timeOrigin + performance.now();

interface Group {
  sockets: Socket[];
  engagement: number[];
  frames: number[];
}

const groups = new Map<string, Group>();

function groupOf(name: string): Group {
  let group = groups.get(name);
  if (!group) {
    group = { sockets: [], engagement: [], frames: [] };
    groups.set(name, group);
  }
  return group;
}

async function openOne(command: Extract<ClientCommand, { op: 'open' }>, token: string | null, group: Group): Promise<void> {
  const socket = io(command.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
    auth: token ? { token } : {},
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    if (command.listen.includes('engagement')) {
      socket.on('post:engagement', (event: { likeCount: number }) => group.engagement.push(event.likeCount, now()));
    }
    if (command.listen.includes('new')) {
      socket.on('post:new', (event: { posts?: unknown[] }) => group.frames.push(Array.isArray(event.posts) ? event.posts.length : 1));
    }
    if (command.feed) {
      const answer = (await socket.timeout(30_000).emitWithAck('feed:watch', { feed: 'home' })) as { ok: boolean; message?: string };
      if (!answer?.ok) throw new Error(`feed:watch: ${answer?.message}`);
    }
    if (command.watch) {
      const answer = (await socket.timeout(30_000).emitWithAck('posts:watch', [command.watch])) as { ok: boolean; message?: string };
      if (!answer?.ok) throw new Error(`posts:watch: ${answer?.message}`);
    }
    group.sockets.push(socket);
  } catch (error) {
    socket.close();
    throw error;
  }
}

async function open(command: Extract<ClientCommand, { op: 'open' }>): Promise<OpenReply> {
  const group = groupOf(command.group);
  const started = now();
  let next = 0;
  let failed = 0;
  let lastError: string | undefined;
  // A bounded number of handshakes in flight, as many browsers reconnecting at once would be.
  const lane = async () => {
    while (next < command.tokens.length) {
      const token = command.tokens[next++];
      try {
        await openOne(command, token, group);
      } catch (error) {
        failed++;
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, command.concurrency) }, lane));
  return { id: command.id, opened: command.tokens.length - failed, failed, ms: now() - started, ...(lastError ? { error: lastError } : {}) };
}

function close(name?: string): number {
  let closed = 0;
  for (const [key, group] of groups) {
    if (name !== undefined && key !== name) continue;
    for (const socket of group.sockets) socket.close();
    closed += group.sockets.length;
    groups.delete(key);
  }
  return closed;
}

function send(message: object): void {
  process.send?.(message);
}

process.on('message', (command: ClientCommand) => {
  switch (command.op) {
    case 'open':
      void open(command).then(send, (error: unknown) => send({ id: command.id, opened: 0, failed: command.tokens.length, ms: 0, error: String(error) }));
      break;
    case 'close':
      send({ id: command.id, closed: close(command.group) });
      break;
    case 'collect': {
      const group = groupOf(command.group);
      send({ id: command.id, engagement: group.engagement, frames: group.frames } satisfies CollectReply);
      group.engagement = [];
      group.frames = [];
      break;
    }
    case 'memory': {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (command.gc && gc) {
        gc();
        gc();
      }
      const { heapUsed, rss } = process.memoryUsage();
      let sockets = 0;
      for (const group of groups.values()) sockets += group.sockets.length;
      send({ id: command.id, heapUsed, rss, sockets } satisfies MemoryReply);
      break;
    }
  }
});

// The parent went away (crash, Ctrl-C): do not linger holding thousands of sockets.
process.on('disconnect', () => {
  close();
  process.exit(0);
});
