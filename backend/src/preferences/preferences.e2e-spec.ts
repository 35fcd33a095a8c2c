import { DEFAULT_PREFERENCES, type PreferencesAnswer } from '@gundem/contract';
import { closeAllSockets, collect, connectSocket, nextEvent, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

describe('GET/PUT /api/users/me/preferences (real PostgreSQL, real socket.io-client)', () => {
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

  /** What a member who never chose a language gets: the defaults without one (each device uses its browser's). */
  const { language: _unchosen, ...defaultDisplay } = DEFAULT_PREFERENCES.display;
  const DEFAULTS: PreferencesAnswer = { ...DEFAULT_PREFERENCES, display: defaultDisplay };

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const get = async (user: Pick<User, 'id'>) =>
    (await t.http.get('/api/users/me/preferences').set('authorization', await bearer(user)).expect(200)).body as PreferencesAnswer;
  const put = async (user: Pick<User, 'id'>, body: unknown, status = 200) =>
    (await t.http.put('/api/users/me/preferences').set('authorization', await bearer(user)).send(body as object).expect(status)).body;

  it('answers every default to a new member, no language among them, and 401 to a guest', async () => {
    const user = await t.createUser();
    expect(await get(user)).toEqual(DEFAULTS);
    expect(await get(user)).not.toHaveProperty('display.language');
    await t.http.get('/api/users/me/preferences').expect(401);
    await t.http.put('/api/users/me/preferences').send({ display: { theme: 'dark' } }).expect(401);
  });

  it('Gönderilerimi koru through the settings: a follow becomes a request; turning it off approves the pending ones, counted', async () => {
    const member = await t.createUser();
    const asker = await t.createUser();
    await put(member, { privacy: { protectedTweets: true } });
    const asked = await t.http.post(`/api/users/${member.id}/follow`).set('authorization', await bearer(asker)).expect(200);
    expect(asked.body).toMatchObject({ isFollowing: false, requested: true });
    const pending = await t.http.get('/api/users/me/follow-requests').set('authorization', await bearer(member)).expect(200);
    expect(pending.body.requests.map((r: { user: { id: string } }) => r.user.id)).toEqual([asker.id]);
    // Off: public again, and the pending request is now a follow in the same save.
    const saved = await put(member, { privacy: { protectedTweets: false } });
    expect(saved.privacy.protectedTweets).toBe(false);
    const [row] = await t.db.query(
      `SELECT u.protected, u.followers_count,
              EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $2 AND f.followee_id = u.id) AS follows,
              (SELECT count(*)::int FROM follow_requests r WHERE r.target_id = u.id) AS requests
         FROM users u WHERE u.id = $1`,
      [member.id, asker.id],
    );
    expect(row).toEqual({ protected: false, followers_count: 1, follows: true, requests: 0 });
  });

  it('saves a deep partial, keeps the rest, answers the whole object, and writes privacy to the columns', async () => {
    const user = await t.createUser();
    const first = await put(user, { display: { theme: 'dark' }, notifications: { likes: false } });
    expect(first).toEqual({
      ...DEFAULTS,
      display: { ...DEFAULTS.display, theme: 'dark' },
      notifications: { ...DEFAULT_PREFERENCES.notifications, likes: false },
    });
    const second = await put(user, {
      display: { fontSize: 'large' },
      privacy: { allowMessages: 'following', discoverable: false, publicProfile: false, protectedTweets: true },
    });
    const expected: PreferencesAnswer = {
      notifications: { ...DEFAULT_PREFERENCES.notifications, likes: false },
      privacy: { allowMessages: 'following', discoverable: false, publicProfile: false, protectedTweets: true },
      display: { theme: 'dark', fontSize: 'large' },
    };
    expect(second).toEqual(expected);
    expect(await get(user)).toEqual(expected);
    const [row] = await t.db.query('SELECT protected, allow_messages, discoverable, public_profile, preferences FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({
      protected: true,
      allow_messages: 'following',
      discoverable: false,
      public_profile: false,
      preferences: { notifications: { likes: false }, display: { theme: 'dark', fontSize: 'large' } },
    });
    // An empty body changes nothing and answers the whole object.
    expect(await put(user, {})).toEqual(expected);
    // Another member is untouched.
    expect(await get(await t.createUser())).toEqual(DEFAULTS);
    // A language once chosen is answered, Turkish as well as English.
    expect((await put(user, { display: { language: 'tr' } })).display).toEqual({ theme: 'dark', fontSize: 'large', language: 'tr' });
  });

  it.each([
    ['an array body', [], 'Tercihler bir nesne olarak gönderilmelidir.'],
    ['an unknown section', { colours: { a: 1 } }, 'Bilinmeyen alan: colours'],
    ['an unknown key', { display: { colour: 'red' } }, 'Bilinmeyen alan: display.colour'],
    ['an inherited key', { display: { constructor: 'x' } }, 'Bilinmeyen alan: display.constructor'],
    ['a section that is not an object', { notifications: true }, 'notifications bir nesne olmalıdır.'],
    ['a null section', { privacy: null }, 'privacy bir nesne olmalıdır.'],
    ['a string for a switch', { notifications: { likes: 'false' } }, 'notifications.likes true ya da false olmalıdır.'],
    ['null for a switch', { privacy: { discoverable: null } }, 'privacy.discoverable true ya da false olmalıdır.'],
    ['a number for a switch', { privacy: { protectedTweets: 1 } }, 'privacy.protectedTweets true ya da false olmalıdır.'],
    ['a bad theme', { display: { theme: 'purple' } }, 'display.theme şunlardan biri olmalıdır: light, dark, auto.'],
    ['a bad language', { display: { language: 'de' } }, 'display.language şunlardan biri olmalıdır: tr, en.'],
    ['a bad font size', { display: { fontSize: 20 } }, 'display.fontSize şunlardan biri olmalıdır: small, medium, large.'],
    ['a bad message choice', { privacy: { allowMessages: true } }, 'privacy.allowMessages şunlardan biri olmalıdır: everyone, following, nobody.'],
  ])('refuses %s with a Turkish 400 naming the field, and saves nothing', async (_name, body, message) => {
    const user = await t.createUser();
    // A valid part beside the bad one is not saved either.
    const withValid = Array.isArray(body) ? body : { ...(body as object), ...('display' in (body as object) ? {} : { display: { theme: 'dark' } }) };
    const res = await put(user, withValid, 400);
    expect(res).toEqual({ statusCode: 400, message });
    expect(await get(user)).toEqual(DEFAULTS);
  });

  it('refuses a body that is not JSON with a 4xx, not a 500', async () => {
    const user = await t.createUser();
    const res = await t.http.put('/api/users/me/preferences').set('authorization', await bearer(user)).set('content-type', 'application/json').send('{"display":');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('pushes preferences:updated to the member’s other tabs, not the saving one, nor anyone else', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const saving = await connectSocket(url, await t.tokenFor(user));
    const elsewhere = await connectSocket(url, await t.tokenFor(user));
    const stranger = await connectSocket(url, await t.tokenFor(other));
    const guest = await connectSocket(url);
    const leaks = [collect(saving, 'preferences:updated'), collect(stranger, 'preferences:updated'), collect(guest, 'preferences:updated')];

    const pushed = nextEvent(elsewhere, 'preferences:updated', 10_000);
    const answer = (
      await t.http
        .put('/api/users/me/preferences')
        .set('authorization', await bearer(user))
        .set('x-socket-id', saving.id!)
        .send({ display: { theme: 'dark', language: 'en' } })
        .expect(200)
    ).body as PreferencesAnswer;
    expect(await pushed).toEqual(answer);
    expect(answer.display).toEqual({ theme: 'dark', language: 'en', fontSize: 'medium' });

    await Promise.all([saving, stranger, guest].map((s) => roundTrip(s)));
    expect(leaks).toEqual([[], [], []]);

    // Without X-Socket-Id every tab hears it.
    const both = [nextEvent(saving, 'preferences:updated', 10_000), nextEvent(elsewhere, 'preferences:updated', 10_000)];
    await put(user, { notifications: { email: false } });
    for (const event of await Promise.all(both)) expect(event.notifications.email).toBe(false);
  });
});
