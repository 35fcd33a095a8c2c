import { closeAllSockets, connectSocket } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { IP_CONNECTIONS_FULL } from '../realtime/realtime.texts';
import { SettingsService } from './settings.service';

/*
 * Per-address limits count an IPv6 client by its /64 (common/net/client-key.ts): one client holds
 * a whole /64 and could take a fresh budget with every address of it. The requests come from
 * 127.0.0.1, a trusted proxy here, so X-Forwarded-For is the client's address.
 */

const BUDGET = 10;
let serial = 0;

/** A counted write that never fails on its own (unknown e-mails get the same 200). */
const write = (t: TestApp, client: string) =>
  t.http
    .post('/api/auth/forgot-password')
    .set('x-forwarded-for', client)
    .send({ email: `kimse${serial++}@test.gundem` })
    .then((res) => res.status);

async function statuses(t: TestApp, clients: string[]): Promise<number[]> {
  const seen: number[] = [];
  for (const client of clients) seen.push(await write(t, client));
  return seen;
}

describe('the API rate limiter counts an IPv6 client by its /64 (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitEnabled: true, trustProxy: ['loopback'] });
    await t.app.get(SettingsService).update({ rateLimit: { windowMs: 60_000, maxRequests: BUDGET } }, await t.createUser({ role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the addresses of one /64 one budget between them, and another /64 a budget of its own', async () => {
    // Every write from another address of the same /64: rotating addresses buys nothing.
    const sameNet = Array.from({ length: BUDGET + 2 }, (_, i) => `2001:db8:aa:1::${(i + 1).toString(16)}`);
    expect(await statuses(t, sameNet)).toEqual([...Array(BUDGET).fill(200), 429, 429]);
    expect(await write(t, '2001:db8:aa:1:ffff:ffff:ffff:ffff')).toBe(429);
    // The neighbouring /64 (another subscriber) is not touched.
    expect(await statuses(t, Array.from({ length: BUDGET }, (_, i) => `2001:db8:aa:2::${i + 1}`))).toEqual(Array(BUDGET).fill(200));
  });

  it('counts an IPv4 client the same whether it arrives as IPv4 or IPv4-mapped IPv6', async () => {
    const spellings = Array.from({ length: BUDGET + 1 }, (_, i) => (i % 2 ? '::ffff:203.0.113.50' : '203.0.113.50'));
    expect(await statuses(t, spellings)).toEqual([...Array(BUDGET).fill(200), 429]);
    expect(await write(t, '203.0.113.51')).toBe(200);
  });
});

describe('the Socket.IO connection cap counts an IPv6 client by its /64 (real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['loopback'], socketMaxPerIp: 2 });
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses a third connection from a third address of the same /64, not from another /64', async () => {
    await connectSocket(url, undefined, 5_000, from('2001:db8:bb:1::1'));
    await connectSocket(url, undefined, 5_000, from('2001:db8:bb:1::2'));
    const refused = await connectSocket(url, undefined, 5_000, from('2001:db8:bb:1:abcd::3')).then(
      () => undefined,
      (error: { data?: { message?: string } }) => error.data?.message,
    );
    expect(refused).toBe(IP_CONNECTIONS_FULL);
    expect((await connectSocket(url, undefined, 5_000, from('2001:db8:bb:2::1'))).connected).toBe(true);
  });
});
