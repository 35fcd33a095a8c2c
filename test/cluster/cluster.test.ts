import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { NGINX_TEMPLATE, startCluster } from '../../scripts/cluster.mjs';
import { api } from '../realtime/cluster';
import { clusterUnavailable, REDIS_URL } from './requirements';

/**
 * `npm run cluster`'s topology, driven through its own functions: Debian's nginx, configured from
 * docker/nginx.conf, in front of two built nodes sharing a fresh database of the PostgreSQL
 * service and Redis. Every request and at least one socket of each check go through nginx; the
 * nodes' own connection counts (over IPC) tell which node took a socket.
 */
const reason = await clusterUnavailable('cluster');

type Cluster = Awaited<ReturnType<typeof startCluster>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

(reason ? describe.skip : describe)('npm run cluster: nginx in front of two nodes', () => {
  let cluster: Cluster;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    buildIfNeeded();
    cluster = await startCluster({ databaseUrl: process.env.DATABASE_URL, redisUrl: REDIS_URL });
  }, 180_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await cluster?.stop();
  });

  /** Connects through nginx as the web app does (same-origin page: Origin is nginx's URL). */
  function connect(options: { token?: string; transports?: ('websocket' | 'polling')[]; reconnection?: boolean } = {}): Promise<Socket> {
    const socket = io(cluster.url, {
      transports: options.transports ?? ['websocket', 'polling'],
      auth: options.token ? { token: options.token } : {},
      extraHeaders: { origin: cluster.url },
      forceNew: true,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      timeout: 5_000,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  async function counts(): Promise<number[]> {
    return Promise.all(cluster.nodes.filter((node) => node.alive).map(async (node) => (await node.stats()).connections as number));
  }

  /** Connects and finds the node that took the socket: the one whose connection count rose. */
  async function connectCounted(open: () => Promise<Socket>): Promise<{ socket: Socket; node: number }> {
    const before = await counts();
    const socket = await open();
    for (let i = 0; i < 100; i++) {
      const after = await counts();
      const node = after.findIndex((count, k) => count > before[k]);
      if (node >= 0) return { socket, node };
      await sleep(20);
    }
    throw new Error('no node counted the new socket');
  }

  /** One socket through nginx on each node (least_conn sends the second to the emptier node). */
  async function onBothNodes(open: () => Promise<Socket>): Promise<Socket[]> {
    const placed: Socket[] = [];
    for (let attempt = 0; attempt < 6 && !(placed[0] && placed[1]); attempt++) {
      const { socket, node } = await connectCounted(open);
      if (placed[node]) socket.close();
      else placed[node] = socket;
    }
    expect(placed[0] && placed[1]).toBeTruthy();
    return placed;
  }

  function next<T = Record<string, unknown>>(socket: Socket, event: string, timeoutMs = 3_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  const watch = (socket: Socket, postId: string) => socket.timeout(3_000).emitWithAck('posts:watch', [postId]);

  /** A GET to nginx from another loopback address (the whole 127/8 is this machine's). */
  function getFrom(localAddress: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${cluster.url}${path}`, { localAddress, timeout: 5_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  async function login(login: string, password = 'gundem123'): Promise<{ token: string; id: string }> {
    const res = await api(cluster.url, 'POST', '/api/auth/login', { body: { login, password }, timeoutMs: 15_000 });
    expect(res.status).toBe(200);
    return { token: res.body.token, id: res.body.user.id };
  }

  it('checks the configuration made from docker/nginx.conf with nginx -t first; only the marked blocks differ', () => {
    expect(cluster.nginx.test.ok).toBe(true);
    expect(cluster.nginx.test.output).toMatch(/syntax is ok/);
    expect(cluster.nginx.test.output).toMatch(/test is successful/);

    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    const outside = template.replace(/^[ \t]*# >>> ([\w-]+)\n[\s\S]*?^[ \t]*# <<< \1\n/gm, '').split('\n');
    const generated = readFileSync(cluster.nginx.configPath, 'utf8').split('\n');
    // Every line of the template outside the marked blocks is in the generated file, in order.
    let at = 0;
    for (const line of outside) {
      at = generated.indexOf(line, at);
      expect([line, at >= 0]).toEqual([line, true]);
      at += 1;
    }
    for (const node of cluster.nodes) {
      expect(generated.filter((line) => line.trim().startsWith(`server 127.0.0.1:${node.port} `))).toHaveLength(2);
    }
  });

  it('logs a demo account in through nginx, and registers a new one', async () => {
    await login('ayse@gundem.local');
    const register = await api(cluster.url, 'POST', '/api/auth/register', {
      body: { username: 'mehmet', displayName: 'Mehmet', email: 'mehmet@ornek.com', password: 'gizli123' },
      timeoutMs: 15_000,
    });
    expect(register.status).toBe(201);
    await login('mehmet', 'gizli123');
  });

  it('refuses a body over its limit with the app’s Turkish error, not an HTML page', async () => {
    const res = await fetch(`${cluster.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: 'İstek gövdesi çok büyük.', statusCode: 413 });
  });

  it('passes a sane X-Request-Id on and replaces a bad one, the same id in its access log and the answer', async () => {
    const sane = await fetch(`${cluster.url}/api/health/live`, { headers: { 'x-request-id': 'deploy-check.42' } });
    expect(sane.status).toBe(200);
    expect(sane.headers.get('x-request-id')).toBe('deploy-check.42');
    const bad = await fetch(`${cluster.url}/api/health/live`, { headers: { 'x-request-id': 'bad id; drop' } });
    const replaced = bad.headers.get('x-request-id')!;
    expect(replaced).toMatch(/^[0-9a-f]{32}$/);
    // The query string stays out of nginx's log: Socket.IO handshakes carry the session's JWT there.
    const secret = `gizli${Date.now()}`;
    expect((await fetch(`${cluster.url}/api/health/live?token=${secret}`)).status).toBe(200);
    let log = '';
    for (let i = 0; i < 50 && !log.includes(replaced); i++) {
      await sleep(50);
      log = readFileSync(cluster.nginx.accessLog, 'utf8');
    }
    expect(log).toContain(`rid=${replaced}`);
    expect(log).toContain('rid=deploy-check.42');
    expect(log).toContain('"GET /api/health/live HTTP/1.1"');
    expect(log).not.toContain(secret);
  });

  it('keeps each node’s /api/metrics off the balancer; the node itself serves it', async () => {
    const through = await fetch(`${cluster.url}/api/metrics`);
    expect(through.status).toBe(404);
    expect(await through.json()).toEqual({ message: 'İstenen kaynak bulunamadı.', statusCode: 404 });
    const direct = await fetch(`http://127.0.0.1:${cluster.nodes[0].port}/api/metrics`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('gundem_http_requests_total');
  });

  it('trusts the X-Forwarded-For nginx sets: each client behind it has a read budget of its own', async () => {
    const first = await getFrom('127.0.0.2', '/api/posts/timeline');
    const second = await getFrom('127.0.0.2', '/api/posts/timeline');
    const other = await getFrom('127.0.0.3', '/api/posts/timeline');
    for (const res of [first, second, other]) {
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-scope']).toBe('read');
    }
    const remaining = [first, second, other].map((res) => Number(res.headers['x-ratelimit-remaining']));
    // 127.0.0.3 starts afresh: the nodes saw two clients, not nginx's one address.
    expect(remaining).toEqual([remaining[0], remaining[0] - 1, remaining[0]]);
  });

  it('pushes a like made through nginx to watchers on both nodes, over WebSocket and long polling', async () => {
    const ayse = await login('ayse@gundem.local');
    const mehmet = await login('mehmet', 'gizli123');
    const created = await api(cluster.url, 'POST', '/api/posts', { token: ayse.token, body: { content: 'nginx arkasından #gündem' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;

    const [onFirst, onSecond] = await onBothNodes(() => connect());
    // Polling is many requests: without the polling group's stickiness half of them would reach
    // a node that does not know the session (400 "Session ID unknown").
    const poller = await connect({ transports: ['polling'] });
    for (const socket of [onFirst, onSecond, poller]) expect(await watch(socket, postId)).toEqual({ ok: true, watching: 1 });

    const events = [onFirst, onSecond, poller].map((socket) => next(socket, 'post:engagement'));
    const like = await api(cluster.url, 'PUT', `/api/posts/${postId}/like`, { token: mehmet.token });
    expect(like.status).toBe(200);
    for (const event of await Promise.all(events)) expect(event).toMatchObject({ postId, likeCount: 1 });
  });

  it('delivers a message sent through nginx to the receiver’s tabs on both nodes', async () => {
    const ayse = await login('ayse@gundem.local');
    const mehmet = await login('mehmet', 'gizli123');
    const tabs = await onBothNodes(() => connect({ token: ayse.token }));
    const arrivals = tabs.map((tab) => next(tab, 'message:new'));
    const sent = await api(cluster.url, 'POST', '/api/messages/send', { token: mehmet.token, body: { receiverId: ayse.id, content: 'Hangi düğümdesin?' } });
    expect(sent.status).toBe(201);
    for (const event of await Promise.all(arrivals)) {
      expect(event).toMatchObject({ message: { id: sent.body.message.id, text: 'Hangi düğümdesin?', isOwn: false } });
    }
  });

  it('a node killed with SIGKILL: its clients reconnect through nginx to the other node and keep receiving', async () => {
    const ayse = await login('ayse@gundem.local');
    const mehmet = await login('mehmet', 'gizli123');
    const created = await api(cluster.url, 'POST', '/api/posts', { token: ayse.token, body: { content: 'Düğüm düşse de' } });
    expect(created.status).toBe(201);
    const postId: string = created.body.post._id;

    // Re-watches after every (re)connection, as the web app does.
    const [first, second] = await onBothNodes(() => connect({ reconnection: true }));
    const rewatches: Promise<unknown>[] = [];
    for (const socket of [first, second]) {
      expect(await watch(socket, postId)).toEqual({ ok: true, watching: 1 });
      socket.io.on('reconnect', () => void rewatches.push(watch(socket, postId)));
    }
    const reconnected = next(second, 'connect', 15_000);
    const victim = cluster.nodes[1];
    await victim.kill('SIGKILL');
    expect(victim.alive).toBe(false);
    await reconnected;
    // The survivor now holds both sockets (the earlier tests' closed ones gone).
    let held = await counts();
    for (let i = 0; i < 50 && held[0] !== 2; i++) {
      await sleep(50);
      held = await counts();
    }
    expect(held).toEqual([2]);

    // nginx skips the dead node: every request is answered.
    for (let i = 0; i < 6; i++) expect((await api(cluster.url, 'GET', '/api/health')).status).toBe(200);

    // The re-watch sent on reconnect, answered by the survivor (the manager's `reconnect` comes
    // before the socket's `connect`, so it has been sent by now).
    expect(rewatches).toHaveLength(1);
    expect(await rewatches[0]).toEqual({ ok: true, watching: 1 });
    const events = [first, second].map((socket) => next(socket, 'post:engagement'));
    const like = await api(cluster.url, 'PUT', `/api/posts/${postId}/like`, { token: mehmet.token });
    expect(like.status).toBe(200);
    for (const event of await Promise.all(events)) expect(event).toMatchObject({ postId, likeCount: 1 });
  });

  it('with no node left, answers a Turkish 503 with Retry-After instead of its 502 page', async () => {
    await cluster.nodes[0].kill('SIGKILL');
    const res = await fetch(`${cluster.url}/api/posts/timeline`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: 'Sunucuya şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 });
  });

  it('stop() ends nginx and every node and removes its directory', async () => {
    const pids = [cluster.nginx.pid, ...cluster.nodes.map((node) => node.pid)];
    const dir = cluster.nginx.dir;
    for (const socket of sockets.splice(0)) socket.close();
    await cluster.stop();
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid!, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});
