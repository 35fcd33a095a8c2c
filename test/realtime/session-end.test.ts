import { Client } from 'pg';
import type { Socket } from 'socket.io-client';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../backend/test/socket-client';
import type { RunningServer } from '../support/server';
import { api, type Cluster, type Member, noClusterRedis, registerMember, startCluster, type TestDatabase } from './cluster';

/**
 * A stolen token must stop receiving the victim's private messages when the session ends, on
 * every node: two backend processes sharing PostgreSQL and Redis, the member connected to both.
 */
const skip = await noClusterRedis();

/** How long the other node may take to hear of the change and end its connections. */
const BOUND_MS = 1_500;

(skip ? describe.skip : describe)('two nodes: sockets end with the session everywhere', () => {
  let cluster: Cluster;
  let db: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let admin: Member;
  let friend: Member;

  beforeAll(async () => {
    cluster = await startCluster(2);
    db = cluster.db;
    [a, b] = cluster.nodes;
    [admin, friend] = [await registerMember(b.url, 'yonetici'), await registerMember(a.url, 'arkadas')];
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]).finally(() => client.end());
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await cluster?.stop();
  });

  /** The member's token connected to node A and to node B, each collecting its private messages. */
  async function onBothNodes(member: Member) {
    const sockets = [await connectSocket(a.url, member.token), await connectSocket(b.url, member.token)];
    return { sockets, dms: sockets.map((s) => collect(s, 'message:new')), ends: sockets.map((s) => nextEvent<string>(s, 'disconnect', BOUND_MS)) };
  }

  /** A DM from `friend` sent through node A, and proof it was delivered (to a fresh connection of the receiver). */
  async function dmReachesOnlyFreshConnection(receiver: Member, freshToken: string, old: Socket[], oldDms: unknown[][]) {
    const fresh = await connectSocket(b.url, freshToken);
    const delivered = nextEvent(fresh, 'message:new', 2_000);
    const sent = await api(a.url, 'POST', '/api/messages/send', { token: friend.token, body: { receiverId: receiver.id, content: 'Oturum bitti mi?' } });
    expect(sent.status).toBe(201);
    expect((await delivered).message.text).toBe('Oturum bitti mi?');
    expect(oldDms).toEqual([[], []]);
    expect(old.every((s) => !s.connected)).toBe(true);
  }

  it('a password reset through the e-mailed link on node B ends the member’s sockets on A and B', async () => {
    const victim = await registerMember(a.url, 'kurban');
    const { sockets, dms, ends } = await onBothNodes(victim);
    const email = `${victim.username}@ornek.com`;
    expect((await api(b.url, 'POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    // Without SMTP the node writes the mail to its outbox and logs the link (MailService).
    const link = await waitForLink(b, email);
    const token = new URL(link).searchParams.get('token');
    const reset = await api(b.url, 'POST', '/api/auth/reset-password', { body: { email, token, newPassword: 'yeniParola789' } });
    expect(reset.status).toBe(200);

    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connectSocket(a.url, victim.token)).rejects.toThrow('unauthorized');
    const login = await api(a.url, 'POST', '/api/auth/login', { body: { login: email, password: 'yeniParola789' } });
    expect(login.status).toBe(200);
    await dmReachesOnlyFreshConnection(victim, login.body.token, sockets, dms);
  });

  it('a role change made on node B ends the member’s sockets on A and B', async () => {
    const member = await registerMember(a.url, 'rol');
    const { sockets, dms, ends } = await onBothNodes(member);
    expect((await api(b.url, 'PATCH', `/api/admin/users/${member.id}`, { token: admin.token, body: { role: 'moderator' } })).status).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    // The token itself still holds (a role change is no sign-out): a new connection carries the new role.
    await dmReachesOnlyFreshConnection(member, member.token, sockets, dms);
  });

  it('a deactivation made on node A ends the member’s sockets on A and B; nobody else’s', async () => {
    const member = await registerMember(b.url, 'kapat');
    const bystander = await connectSocket(b.url, friend.token);
    const { sockets, dms, ends } = await onBothNodes(member);
    expect((await api(a.url, 'PATCH', `/api/admin/users/${member.id}`, { token: admin.token, body: { isActive: false } })).status).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await api(a.url, 'POST', '/api/messages/send', { token: friend.token, body: { receiverId: member.id, content: 'Duyuyor musun?' } });
    await roundTrip(bystander);
    expect(bystander.connected).toBe(true);
    expect(dms).toEqual([[], []]);
    expect(sockets.every((s) => !s.connected)).toBe(true);
  });
});

/** The reset link the node logged for `email` (bounded wait: the mail is written after the answer). */
async function waitForLink(node: RunningServer, email: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  const pattern = new RegExp(`Bağlantı: (\\S+reset-password\\?token=\\S+email=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`);
  for (;;) {
    const match = pattern.exec(node.output());
    if (match) return match[1];
    if (Date.now() > deadline) throw new Error(`no reset link for ${email} in the node's output`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
