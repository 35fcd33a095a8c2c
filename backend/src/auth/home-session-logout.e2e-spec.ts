import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSpaFixture, type SpaFixture } from '../../test/spa-fixture';
import { rawGet } from '../../test/raw-get';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FIRST_PAGE_ELEMENT_ID } from '../common/spa/home-page';
import { MEMBER_STATE_ELEMENT_ID } from '../common/spa/member-home-page';
import { HOME_COOKIE, HOME_SESSIONS_PER_MEMBER } from './home-session';

/*
 * The home-page cookie is a session on the server (issue 22): a copy of it taken before the
 * logout renders nothing after it, and a cookie token without `exp` (or naming no session the
 * server issued) is refused as a bearer token without `exp` is. Through the real app, database
 * and a built SPA's shape.
 */

function homeCookie(setCookie: string[] | string | undefined): string | null {
  const line = [setCookie ?? []].flat().find((header) => header.startsWith(`${HOME_COOKIE}=`));
  return line ? line.slice(HOME_COOKIE.length + 1).split(';')[0] : null;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 token signed with the app's own key, claims exactly as given (no `exp` added). */
function signRaw(secret: string, claims: object): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('logout ends the home-page cookie on the server', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;

  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir });
    base = await t.listen();
  });

  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  async function loginCookie(user: { username: string; password: string }): Promise<string> {
    const res = await t.http.post('/api/auth/login').send({ login: user.username, password: user.password }).expect(200);
    return homeCookie(res.headers['set-cookie'])!;
  }

  /** Whose `/` the cookie gets: the member's id, or 'guest' for the guests' page. */
  async function homeOf(cookie: string): Promise<{ who: string; cleared: boolean }> {
    const page = await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie}` });
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    const cleared = homeCookie(page.headers['set-cookie']) === '';
    const member = new RegExp(`id="${MEMBER_STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
    if (member) return { who: (JSON.parse(member[1]) as { sub: string }).sub, cleared };
    expect(html).toContain(FIRST_PAGE_ELEMENT_ID);
    return { who: 'guest', cleared };
  }

  it('a copy of the cookie taken before the logout gets the guests’ page after it; the member’s other sessions stay', async () => {
    const user = await t.createUser();
    const copied = await loginCookie(user);
    const otherDevice = await loginCookie(user);
    expect(await homeOf(copied)).toEqual({ who: user.id, cleared: false });

    const logout = await t.http.post('/api/auth/logout').set('cookie', `${HOME_COOKIE}=${copied}`).expect(204);
    expect(homeCookie(logout.headers['set-cookie'])).toBe('');
    expect(await homeOf(copied)).toEqual({ who: 'guest', cleared: true });
    // Logout ends this browser's cookie only, not the member's session on another device.
    expect(await homeOf(otherDevice)).toEqual({ who: user.id, cleared: false });
    // A second logout with the copy changes nothing and is still a 204.
    await t.http.post('/api/auth/logout').set('cookie', `${HOME_COOKIE}=${copied}`).expect(204);
  });

  it('refuses a cookie token without exp, or naming no session the server issued, though signed with the key', async () => {
    const user = await t.createUser();
    const version = (await t.db.query<{ session_version: number }[]>('SELECT session_version FROM users WHERE id = $1', [user.id]))[0].session_version;
    // A session row exists for this id: only the missing `exp` can refuse it.
    const jti = randomBytes(16).toString('base64url');
    await t.db.query(`INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, 'home_session', $2, now() + interval '1 day')`, [
      user.id,
      createHash('sha256').update(jti).digest('hex'),
    ]);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, ver: version, scope: 'home', jti, iat: now };
    expect(await homeOf(signRaw(t.config.jwtSecret, { ...claims, exp: now + 3600 }))).toEqual({ who: user.id, cleared: false });
    expect(await homeOf(signRaw(t.config.jwtSecret, claims))).toEqual({ who: 'guest', cleared: true });
    // With exp, but no session row (a token made with a leaked key), or no session id at all.
    expect(await homeOf(signRaw(t.config.jwtSecret, { ...claims, jti: 'uydurma', exp: now + 3600 }))).toEqual({ who: 'guest', cleared: true });
    const { jti: _none, ...withoutJti } = claims;
    expect(await homeOf(signRaw(t.config.jwtSecret, { ...withoutJti, exp: now + 3600 }))).toEqual({ who: 'guest', cleared: true });
  });

  it('keeps at most HOME_SESSIONS_PER_MEMBER cookies per member: a client that never keeps it cannot grow the table', async () => {
    const user = await t.createUser();
    const first = await loginCookie(user);
    const token = await t.tokenFor(user);
    // GET /api/auth/me without the cookie sets a new one every time.
    for (let i = 0; i < HOME_SESSIONS_PER_MEMBER + 5; i++) await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
    const [{ count }] = await t.db.query<{ count: string }[]>(`SELECT count(*) FROM user_tokens WHERE user_id = $1 AND purpose = 'home_session'`, [user.id]);
    expect(Number(count)).toBe(HOME_SESSIONS_PER_MEMBER);
    // The oldest went first.
    expect(await homeOf(first)).toEqual({ who: 'guest', cleared: true });
  });
});
