/**
 * A child process of the members-per-core benchmark (members.ts): it plays `members` simulated
 * members against one node. Each holds a socket (watching the home feed and the posts on its
 * screen) and acts every `intervalMs` (± half, at random) with the mix of MIX; the latency of
 * each request is kept until the parent collects it.
 *
 * Protocol (IPC): start { url, members, posts, usernames, intervalMs } → started { opened, failed };
 * collect → collected { latencies, errors, statuses }; stop → the process ends.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

interface Member {
  id: string;
  token: string;
}

export type MembersCommand =
  | { op: 'start'; url: string; members: Member[]; receivers: string[]; posts: string[]; usernames: string[]; intervalMs: number }
  | { op: 'collect' }
  | { op: 'stop' };

export interface MembersReply {
  op: 'started' | 'collected';
  opened?: number;
  failed?: number;
  latencies?: number[];
  errors?: number;
  /** Answers other than 2xx, by status. */
  statuses?: Record<string, number>;
}

/** What a member does, and how often (weights out of 100): reads most, timelines first. */
export const MIX: Array<[number, string]> = [
  [35, 'timeline'],
  [15, 'following'],
  [10, 'profile'],
  [12, 'post'],
  [5, 'search'],
  [8, 'notifications'],
  [9, 'like'],
  [3, 'create'],
  [3, 'message'],
];

const WORDS = ['gündem', 'merhaba', 'bugün', 'kahve', 'maç', 'istanbul'];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

let latencies: number[] = [];
let errors = 0;
let statuses: Record<string, number> = {};
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
let running = false;

function action(member: Member, config: Extract<MembersCommand, { op: 'start' }>): { method: string; path: string; body?: unknown } {
  let draw = Math.random() * 100;
  let kind = MIX[0][1];
  for (const [weight, name] of MIX) {
    draw -= weight;
    if (draw < 0) {
      kind = name;
      break;
    }
  }
  switch (kind) {
    case 'timeline':
      return { method: 'GET', path: '/api/posts/timeline' };
    case 'following':
      return { method: 'GET', path: '/api/posts/timeline/following' };
    case 'profile':
      return { method: 'GET', path: `/api/posts/user/${pick(config.usernames)}` };
    case 'post':
      return { method: 'GET', path: `/api/posts/${pick(config.posts)}` };
    case 'search':
      return { method: 'GET', path: `/api/posts/search?q=${encodeURIComponent(pick(WORDS))}` };
    case 'notifications':
      return { method: 'GET', path: '/api/notifications' };
    case 'like':
      return { method: 'PUT', path: `/api/posts/${pick(config.posts)}/like` };
    case 'create':
      return { method: 'POST', path: '/api/posts', body: { content: `${pick(WORDS)} ${Math.random().toString(36).slice(2, 10)}` } };
    default:
      return { method: 'POST', path: '/api/messages/send', body: { receiverId: pick(config.receivers.filter((id) => id !== member.id)), content: 'selam' } };
  }
}

async function act(member: Member, config: Extract<MembersCommand, { op: 'start' }>): Promise<void> {
  const { method, path, body } = action(member, config);
  const started = performance.now();
  try {
    const res = await fetch(`${config.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'br, gzip' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status >= 300) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  } catch {
    errors++;
  }
}

function loop(member: Member, config: Extract<MembersCommand, { op: 'start' }>): void {
  const next = () => {
    if (!running) return;
    const timer = setTimeout(async () => {
      await act(member, config);
      next();
    }, config.intervalMs * (0.5 + Math.random()));
    timers.push(timer);
    if (timers.length > 10_000) timers.splice(0, timers.length - 1_000);
  };
  next();
}

async function start(config: Extract<MembersCommand, { op: 'start' }>): Promise<MembersReply> {
  running = true;
  let opened = 0;
  let failed = 0;
  // Connect 50 at a time: a member is online before it acts.
  for (let i = 0; i < config.members.length; i += 50) {
    await Promise.all(
      config.members.slice(i, i + 50).map(
        (member) =>
          new Promise<void>((resolve) => {
            const socket = io(config.url, { transports: ['websocket'], auth: { token: member.token }, reconnection: false, timeout: 20_000 });
            sockets.push(socket);
            socket.once('connect', () => {
              opened++;
              socket.emit('feed:watch', { feed: 'home' });
              // The posts on its screen: ten of the recent ones.
              socket.emit('posts:watch', Array.from({ length: 10 }, () => pick(config.posts)));
              resolve();
            });
            socket.once('connect_error', () => {
              failed++;
              resolve();
            });
          }),
      ),
    );
  }
  for (const member of config.members) loop(member, config);
  return { op: 'started', opened, failed };
}

process.on('message', (command: MembersCommand) => {
  if (command.op === 'start') {
    void start(command).then((reply) => process.send!(reply));
  } else if (command.op === 'collect') {
    process.send!({ op: 'collected', latencies, errors, statuses } satisfies MembersReply);
    latencies = [];
    errors = 0;
    statuses = {};
  } else {
    running = false;
    for (const timer of timers) clearTimeout(timer);
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
