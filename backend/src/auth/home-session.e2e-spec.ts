import { brotliDecompressSync } from 'node:zlib';
import { HOME_COOKIE } from './home-session';
import { createSpaFixture, INDEX_MARKER, type SpaFixture } from '../../test/spa-fixture';
import { rawGet } from '../../test/raw-get';
import { closeAllSockets, connectSocket } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FIRST_PAGE_ELEMENT_ID } from '../common/spa/home-page';
import { MEMBER_STATE_ELEMENT_ID } from '../common/spa/member-home-page';

/*
 * A member's `/` with their account and first timeline page in it (issue 13), chosen by the
 * home-page cookie (auth/home-session.ts) that login and GET /api/auth/me set and logout removes;
 * through the real app, a real database and a built SPA's shape (test/spa-fixture.ts).
 */
const MEMBER_BLOCK = new RegExp(`<script type="application/json" id="${MEMBER_STATE_ELEMENT_ID}">(.*?)</script></body>`, 's');

interface State {
  sub: string;
  user: { username: string; email: string };
  page: { posts: { id: string; content: string; liked: boolean }[] };
}

function memberState(html: string): State {
  const match = MEMBER_BLOCK.exec(html);
  if (!match) throw new Error(`no ${MEMBER_STATE_ELEMENT_ID} block in ${html.slice(-300)}`);
  return JSON.parse(match[1]) as State;
}

/** The `name=value` of the cookie a response sets, and its attributes, lower-cased. */
function homeCookie(setCookie: string[] | string | undefined): { value: string; attributes: string[] } | null {
  const line = [setCookie ?? []].flat().find((header) => header.startsWith(`${HOME_COOKIE}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair.slice(HOME_COOKIE.length + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('a member’s / and the home-page cookie', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;
  let ayse: Awaited<ReturnType<TestApp['createUser']>>;
  let likedId: string;

  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir });
    base = await t.listen();
    ayse = await t.createUser();
    const other = await t.createUser();
    likedId = (await t.createPost(other, 'Beğenilen gönderi')).id;
    await t.createPost(other, 'Kapanış </script><script>alert(1)</script>');
    await t.http.post(`/api/posts/${likedId}/like`).set('Authorization', `Bearer ${await t.tokenFor(ayse)}`).expect(200);
  });

  afterAll(async () => {
    closeAllSockets();
    await t?.close();
    spa?.remove();
  });

  async function login(): Promise<{ token: string; cookie: string }> {
    const res = await t.http.post('/api/auth/login').send({ login: ayse.username, password: ayse.password }).expect(200);
    const cookie = homeCookie(res.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    return { token: (res.body as { token: string }).token, cookie: cookie!.value };
  }

  it('is set by login: HttpOnly, SameSite=Lax, path /, ending with the token', async () => {
    const res = await t.http.post('/api/auth/login').send({ login: ayse.username, password: ayse.password }).expect(200);
    const cookie = homeCookie(res.headers['set-cookie'])!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(cookie.attributes.some((a) => a.startsWith('secure'))).toBe(false);
    const maxAge = Number(cookie.attributes.find((a) => a.startsWith('max-age='))!.split('=')[1]);
    // JWT_EXPIRES_IN defaults to 7 days.
    expect(maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it('gives / the member’s account and first page, with their own flags, as the API gives them', async () => {
    const { token, cookie } = await login();
    const page = await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie}` });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/Cookie/);
    expect(page.headers.etag).toBeUndefined();
    const html = page.body.toString('utf8');
    expect(html).toContain(INDEX_MARKER);
    // Not the guests' page as well.
    expect(html).not.toContain(FIRST_PAGE_ELEMENT_ID);
    const state = memberState(html);
    expect(state.sub).toBe(ayse.id);
    const me = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(state.user).toEqual((me.body as { user: unknown }).user);
    // A member's `Size özel` is the ranked feed (issue 26): the same posts, in the same order, as its API's first page.
    const api = await t.http.get('/api/posts/timeline/ranked?limit=20').set('Authorization', `Bearer ${token}`).expect(200);
    expect(state.page.posts).toEqual(api.body.posts);
    expect(state.page.posts.find((post) => post.id === likedId)?.liked).toBe(true);
  });

  it('writes < as \\u003c in the block, and compresses the page', async () => {
    const { cookie } = await login();
    const br = await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie}`, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.body).toString('utf8');
    const block = MEMBER_BLOCK.exec(html)![1];
    expect(block).not.toContain('<');
    expect(memberState(html).page.posts.map((post) => post.content)).toContain('Kapanış </script><script>alert(1)</script>');
  });

  it('is not a bearer token: the API refuses it with 401', async () => {
    const { cookie } = await login();
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${cookie}`).expect(401);
    // Nor does the API read the cookie itself.
    await t.http.get('/api/auth/me').set('Cookie', `${HOME_COOKIE}=${cookie}`).expect(401);
    // Nor the socket: its handshake refuses it (a member's own token connects).
    await expect(connectSocket(base, cookie)).rejects.toThrow();
    const socket = await connectSocket(base, await t.tokenFor(ayse));
    expect(socket.connected).toBe(true);
  });

  it('is set by GET /api/auth/me when missing (sessions older than it), and not again when present', async () => {
    const token = await t.tokenFor(ayse);
    const first = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    const cookie = homeCookie(first.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    const state = memberState((await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie!.value}` })).body.toString('utf8'));
    expect(state.sub).toBe(ayse.id);
    const again = await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).set('Cookie', `${HOME_COOKIE}=${cookie!.value}`).expect(200);
    expect(homeCookie(again.headers['set-cookie'])).toBeNull();
  });

  it('is removed by POST /api/auth/logout', async () => {
    const res = await t.http.post('/api/auth/logout').expect(204);
    const cleared = homeCookie(res.headers['set-cookie'])!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['path=/', 'httponly']));
    expect(cleared.attributes.some((a) => a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
  });

  it('a forged, foreign or stale cookie gets the guests’ page and is removed', async () => {
    const { cookie } = await login();
    const forged = `${cookie.slice(0, -4)}AAAA`;
    const bearer = await t.tokenFor(ayse);
    for (const value of [forged, bearer, 'çöp']) {
      const page = await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${encodeURIComponent(value)}` });
      expect(page.status).toBe(200);
      const html = page.body.toString('utf8');
      expect(html).toContain(FIRST_PAGE_ELEMENT_ID);
      expect(html).not.toContain(MEMBER_STATE_ELEMENT_ID);
      expect(homeCookie(page.headers['set-cookie'])?.value).toBe('');
    }
  });

  it('ends with the session: after deactivation / is the guests’ page', async () => {
    const zeynep = await t.createUser();
    const res = await t.http.post('/api/auth/login').send({ login: zeynep.username, password: zeynep.password }).expect(200);
    const cookie = homeCookie(res.headers['set-cookie'])!.value;
    expect(memberState((await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie}` })).body.toString('utf8')).sub).toBe(zeynep.id);
    await t.db.query('UPDATE users SET is_active = false, session_version = session_version + 1 WHERE id = $1', [zeynep.id]);
    t.app.get((await import('../users/users.service')).UsersService).sessionChanged(zeynep.id);
    const after = await rawGet(base, '/', { cookie: `${HOME_COOKIE}=${cookie}` });
    expect(after.body.toString('utf8')).not.toContain(MEMBER_STATE_ELEMENT_ID);
    expect(homeCookie(after.headers['set-cookie'])?.value).toBe('');
  });

  it('other pages are index.html as before, whatever the cookie', async () => {
    const { cookie } = await login();
    const page = await rawGet(base, '/explore', { cookie: `${HOME_COOKIE}=${cookie}` });
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).not.toContain(MEMBER_STATE_ELEMENT_ID);
  });
});
