import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip, signJwt } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UsersService } from '../users/users.service';
import { RealtimeGateway } from './realtime.gateway';

/**
 * A connection lives no longer than its session, on one node without Redis (the two-node case
 * is test/realtime/session-end.test.ts): a reset password, a deactivation or a role change ends
 * the account's sockets; an expired token stops receiving private events.
 */
describe('sockets end with the session (one node, no Redis)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const now = () => Math.floor(Date.now() / 1_000);
  // A bound for a failure only: the event comes within milliseconds on an idle host, and took
  // over 2 s once on a host running four test suites at once.
  const disconnected = (socket: Socket) => nextEvent<string>(socket, 'disconnect', 10_000);

  /** A DM from `from` to `to` over HTTP, with a token `from` holds. */
  const sendDm = async (from: { id: string }, to: { id: string }, text: string) => {
    await t.http
      .post('/api/messages/send')
      .set('authorization', `Bearer ${await t.tokenFor(from)}`)
      .send({ receiverId: to.id, content: text })
      .expect(201);
  };

  async function admin() {
    return t.createUser({ role: 'admin' });
  }

  it('refuses a token without exp at the handshake, as HTTP does', async () => {
    const user = await t.createUser();
    const secret = t.config.jwtSecret;
    await expect(connectSocket(url, signJwt({ sub: user.id, ver: 0, iat: now() }, secret))).rejects.toThrow('unauthorized');
    const socket = await connectSocket(url, signJwt({ sub: user.id, ver: 0, iat: now(), exp: now() + 60 }, secret));
    expect(socket.connected).toBe(true);
  });

  it('a password reset ends every socket of the account; private messages reach only new ones', async () => {
    const [victim, friend, bystander] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const stolen = await t.tokenFor(victim);
    const tabs = [await connectSocket(url, stolen), await connectSocket(url, stolen)];
    const other = await connectSocket(url, await t.tokenFor(bystander));
    const leaks = tabs.map((tab) => collect(tab, 'message:new'));
    const ends = tabs.map(disconnected);

    await t.app.get(UsersService).setPassword(victim.id, 'yeniParola456');
    // The server ended them (socket.io-client: "io server disconnect"), it does not reconnect them.
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connectSocket(url, stolen)).rejects.toThrow('unauthorized');

    const fresh = await connectSocket(url, await t.tokenFor(victim));
    const delivered = nextEvent(fresh, 'message:new');
    await sendDm(friend, victim, 'Parola değişti mi?');
    expect((await delivered).message.text).toBe('Parola değişti mi?');
    expect(leaks).toEqual([[], []]);
    expect(tabs.every((tab) => !tab.connected)).toBe(true);
    // Someone else's connection is untouched.
    await roundTrip(other);
    expect(other.connected).toBe(true);
  });

  it('a handshake whose session row was read just before a password reset is refused, not let in with the old row', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    const users = t.app.get(UsersService);
    const real = users.findForSession.bind(users);
    // The first read answers the row as it was, and the reset commits before the handshake goes on.
    const spy = jest.spyOn(users, 'findForSession').mockImplementationOnce(async (id) => {
      const before = await real(id);
      spy.mockRestore();
      await users.setPassword(user.id, 'yeniParola456');
      return before;
    });
    await expect(connectSocket(url, token)).rejects.toThrow('unauthorized');
  });

  it('deactivation and a role change end the sockets; a verified badge does not', async () => {
    const staff = await admin();
    const staffToken = await t.tokenFor(staff);
    const [target, promoted] = [await t.createUser(), await t.createUser()];
    const patch = (id: string, body: object) =>
      t.http.patch(`/api/admin/users/${id}`).set('authorization', `Bearer ${staffToken}`).send(body).expect(200);

    const promotedTab = await connectSocket(url, await t.tokenFor(promoted));
    await patch(promoted.id, { isVerified: true });
    await roundTrip(promotedTab);
    expect(promotedTab.connected).toBe(true);

    const roleEnd = disconnected(promotedTab);
    await patch(promoted.id, { role: 'moderator' });
    expect(await roleEnd).toBe('io server disconnect');
    // The token still holds (a role change bumps no session version): it reconnects under the new role.
    const again = await connectSocket(url, await t.tokenFor(promoted));
    expect(again.connected).toBe(true);

    const targetTab = await connectSocket(url, await t.tokenFor(target));
    const leak = collect(targetTab, 'message:new');
    const deactivationEnd = disconnected(targetTab);
    await patch(target.id, { isActive: false });
    expect(await deactivationEnd).toBe('io server disconnect');
    await sendDm(staff, target, 'Hesabın kapatıldı').catch(() => undefined);
    expect(leak).toEqual([]);
  });

  it('a token that expires while connected stops receiving private events', async () => {
    const [holder, friend] = [await t.createUser(), await t.createUser()];
    const exp = now() + 2;
    const socket = await connectSocket(url, signJwt({ sub: holder.id, ver: 0, iat: now(), exp }, t.config.jwtSecret));
    const before = nextEvent(socket, 'message:new');
    await sendDm(friend, holder, 'Süre dolmadan');
    expect((await before).message.text).toBe('Süre dolmadan');

    const received = collect(socket, 'message:new');
    const end = nextEvent<string>(socket, 'disconnect', 6_000);
    // Past the expiry, before the 5 s sweep: the DM itself finds the token expired.
    await new Promise((resolve) => setTimeout(resolve, exp * 1_000 - Date.now() + 100));
    await sendDm(friend, holder, 'Süre dolduktan sonra');
    expect(await end).toBe('io server disconnect');
    expect(received).toEqual([]);
  });

  it('the periodic check ends connections whose session was changed behind the app’s back (straight in the database)', async () => {
    const [changed, kept] = [await t.createUser(), await t.createUser()];
    const changedTab = await connectSocket(url, await t.tokenFor(changed));
    const keptTab = await connectSocket(url, await t.tokenFor(kept));
    const guest = await connectSocket(url);
    await t.db.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [changed.id]);
    const end = disconnected(changedTab);
    const gateway = t.app.get(RealtimeGateway);
    expect(await gateway.revalidate(gateway.server)).toBe(1);
    expect(await end).toBe('io server disconnect');
    await Promise.all([roundTrip(keptTab), roundTrip(guest)]);
    expect([keptTab.connected, guest.connected]).toEqual([true, true]);
  });

  it('the sweep ends an idle connection whose token has expired', async () => {
    const holder = await t.createUser();
    const exp = now() + 1;
    const socket = await connectSocket(url, signJwt({ sub: holder.id, ver: 0, iat: now(), exp }, t.config.jwtSecret));
    const guest = await connectSocket(url);
    // Listening before the expiry: the gateway's own periodic sweep may end it first, in the
    // window between the expiry and the explicit call (it did, once, on a loaded CI host).
    const end = nextEvent<string>(socket, 'disconnect', exp * 1_000 - Date.now() + 5_000);
    await new Promise((resolve) => setTimeout(resolve, exp * 1_000 - Date.now() + 100));
    const gateway = t.app.get(RealtimeGateway);
    gateway.sweep(gateway.server);
    expect(await end).toBe('io server disconnect');
    await roundTrip(guest);
    expect(guest.connected).toBe(true);
  });
});
