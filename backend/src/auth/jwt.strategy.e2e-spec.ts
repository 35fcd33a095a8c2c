import { createHmac } from 'node:crypto';
import { Pool } from 'pg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DATABASE_UNAVAILABLE, SESSION_INVALID } from '../common/common.texts';
import { DATABASE_RETRY_AFTER_S } from '../common/filters/all-exceptions.filter';
import { freePort } from '../database/embedded-postgres';
import { SessionCache } from '../users/session-cache';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed with the app's real key (HS256 over the secret's bytes), with exactly these claims. */
function signWithRealKey(claims: object, secret: string): string {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('base64url')}`;
}

describe('session check (JwtStrategy + JwtAuthGuard, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('expiry', () => {
    it('refuses a token signed with the real key but without exp', async () => {
      const user = await t.createUser();
      const now = Math.floor(Date.now() / 1000);
      const forever = signWithRealKey({ sub: user.id, ver: 0, iat: now }, t.config.jwtSecret);
      const res = await t.http.get('/api/auth/me').set('authorization', `Bearer ${forever}`).expect(401);
      expect(res.body).toEqual({ message: SESSION_INVALID, statusCode: 401 });
      // A non-numeric exp is no expiry either (jsonwebtoken itself refuses it).
      const odd = signWithRealKey({ sub: user.id, ver: 0, iat: now, exp: 'yarın' }, t.config.jwtSecret);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${odd}`).expect(401);
      // The same claims with an exp are accepted: the key and claims are right, only exp was missing.
      const withExp = signWithRealKey({ sub: user.id, ver: 0, iat: now, exp: now + 600 }, t.config.jwtSecret);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${withExp}`).expect(200);
    });
  });

  describe('while the database cannot be reached', () => {
    /**
     * Points the app's pg pool (TypeORM's and the raw poolRows path share it) at a port where
     * nothing listens: every statement fails to connect with ECONNREFUSED, exactly as when the
     * server is stopped, without stopping the shared test server.
     */
    function unplugDatabase(): () => void {
      const driver = t.db.driver as unknown as { master: Pool };
      const real = driver.master;
      const dead = new Pool({ host: '127.0.0.1', port: deadPort, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 1_000 });
      driver.master = dead;
      return () => {
        driver.master = real;
        void dead.end();
      };
    }
    let deadPort: number;
    beforeAll(async () => {
      deadPort = await freePort();
    });

    function expectUnavailable(res: { status: number; body: unknown; headers: Record<string, string> }) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE, statusCode: 503 });
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    }

    it('answers 503 (not 401) to the session check, /auth/me, reads, writes and login; the same token works afterwards', async () => {
      const user = await t.createUser();
      const token = await t.tokenFor(user);
      const post = await t.createPost(user, 'kesinti öncesi');
      // No cached session row: the guard must ask the database.
      t.app.get(SessionCache).forget(user.id);

      const plugBack = unplugDatabase();
      try {
        const auth = { authorization: `Bearer ${token}` };
        expectUnavailable(await t.http.get('/api/auth/me').set(auth));
        expectUnavailable(await t.http.get(`/api/posts/${post._id}`).set(auth));
        expectUnavailable(await t.http.post('/api/posts').set(auth).send({ content: 'kesinti sırasında' }));
        expectUnavailable(await t.http.post(`/api/posts/${post._id}/like`).set(auth));
        expectUnavailable(await t.http.post('/api/auth/login').send({ login: user.email, password: user.password }));
        // A guest read needs no session check and still reports the outage, not a crash.
        expectUnavailable(await t.http.get('/api/posts/user/' + user.username));
      } finally {
        plugBack();
      }

      // Nobody was signed out: the token from before the outage is accepted as it was.
      const me = await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
      expect(me.body.user.id).toBe(user.id);
      await t.http.post(`/api/posts/${post._id}/like`).set('authorization', `Bearer ${token}`).expect(200);
    });

    it('still answers 401 for a token that is bad on its face, without asking the database', async () => {
      const plugBack = unplugDatabase();
      try {
        const res = await t.http.get('/api/auth/me').set('authorization', 'Bearer bozuk.jeton.degeri').expect(401);
        expect(res.body).toEqual({ message: SESSION_INVALID, statusCode: 401 });
      } finally {
        plugBack();
      }
    });
  });
});
