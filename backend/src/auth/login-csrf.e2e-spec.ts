import { createTestApp, type TestApp } from '../../test/test-app';
import { HTTP_TEXTS } from '../common/http/http.texts';
import { HOME_COOKIE } from './home-session';

/*
 * Login CSRF (issue 22): another site's form posting to the public auth routes must not sign its
 * visitor in (nor set the home-page cookie). Through the real app: the API takes JSON bodies only
 * (common/http/json-bodies.ts), and login/logout refuse a foreign Origin (auth/same-origin.guard.ts).
 */
const JSON_ONLY = { message: HTTP_TEXTS.jsonOnly, statusCode: 415 };
const FOREIGN = { message: 'Bu istek başka bir siteden gönderildiği için reddedildi. Lütfen gündem’in kendi sayfasından deneyin.', statusCode: 403 };

const setsHomeCookie = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().some((line) => String(line).startsWith(`${HOME_COOKIE}=`));

describe('login CSRF: JSON-only API bodies and the Origin of login/logout', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a login sent as a form, multipart, plain text or an untyped body with the Turkish 415, setting no cookie', async () => {
    const bodies: [string | undefined, string][] = [
      ['application/x-www-form-urlencoded', `login=${user.username}&password=${user.password}`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="login"\r\n\r\n${user.username}\r\n--x--\r\n`],
      ['text/plain', JSON.stringify({ login: user.username, password: user.password })],
      ['application/vnd.api+json', JSON.stringify({ login: user.username, password: user.password })],
      [undefined, JSON.stringify({ login: user.username, password: user.password })],
    ];
    for (const [type, body] of bodies) {
      const req = t.http.post('/api/auth/login');
      if (type) req.set('content-type', type);
      else req.unset('content-type');
      const res = await req.send(Buffer.from(body));
      expect({ type, status: res.status, body: res.body }).toEqual({ type, status: 415, body: JSON_ONLY });
      expect(setsHomeCookie(res.headers)).toBe(false);
    }
    // Any API route, a member's too: a form never reaches a handler.
    const token = await t.tokenFor(user);
    const post = await t.http.post('/api/posts').set('authorization', `Bearer ${token}`).type('form').send({ content: 'formdan' });
    expect({ status: post.status, body: post.body }).toEqual({ status: 415, body: JSON_ONLY });
    const register = await t.http.post('/api/auth/register').type('form').send({ displayName: 'Yeni', username: 'formdan_uye', email: 'form@test.gundem', password: 'parola123' });
    expect(register.status).toBe(415);
  });

  it('still takes JSON (any charset parameter) and requests without a body', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('content-type', 'Application/JSON; charset=utf-8')
      .send(JSON.stringify({ login: user.username, password: user.password }))
      .expect(200);
    expect(setsHomeCookie(res.headers)).toBe(true);
    await t.http.post('/api/auth/logout').expect(204);
    const token = await t.tokenFor(user);
    await t.http.post('/api/posts').set('authorization', `Bearer ${token}`).send({ content: 'json ile' }).expect(201);
    // A PUT without a body (a like), typed as a form or not.
    const post = await t.createPost(user, 'beğenilecek');
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', `Bearer ${token}`).set('content-type', 'application/x-www-form-urlencoded').expect(200);
  });

  it('refuses login and logout from another site’s page with the Turkish 403, setting or removing no cookie', async () => {
    for (const origin of ['https://kotu.example', 'http://gundem.test.kotu.example', 'null', 'çöp']) {
      const login = await t.http.post('/api/auth/login').set('origin', origin).send({ login: user.username, password: user.password });
      expect({ origin, status: login.status, body: login.body }).toEqual({ origin, status: 403, body: FOREIGN });
      expect(setsHomeCookie(login.headers)).toBe(false);
      const logout = await t.http.post('/api/auth/logout').set('origin', origin);
      expect({ origin, status: logout.status, body: logout.body }).toEqual({ origin, status: 403, body: FOREIGN });
      expect(setsHomeCookie(logout.headers)).toBe(false);
    }
  });

  it('takes login and logout from the site’s own pages: APP_URL’s origin, the request’s own host, or no Origin (not a browser page)', async () => {
    const ownHost = await t.http.post('/api/auth/logout').set('host', 'gundem.local:8443').set('origin', 'https://gundem.local:8443').expect(204);
    expect(setsHomeCookie(ownHost.headers)).toBe(true);
    for (const origin of ['http://gundem.test', undefined]) {
      const req = t.http.post('/api/auth/login');
      if (origin) req.set('origin', origin);
      const res = await req.send({ login: user.username, password: user.password }).expect(200);
      expect(setsHomeCookie(res.headers)).toBe(true);
    }
  });
});
