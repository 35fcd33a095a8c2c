import type { Response } from 'supertest';
import { createSpaFixture, type SpaFixture } from '../../../test/spa-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Security headers through the real app (real PostgreSQL) on every kind of answer: the API's,
 * the SPA's index.html and one of its assets, Swagger UI, and an error. The test's requests come
 * from 127.0.0.1, which stands for a reverse proxy where TRUST_PROXY names it.
 */

/** The SPA's policy as sent over plain http (see security-headers.ts for why each directive). */
const APP_CSP = [
  "default-src 'self'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join(';');

/** A JSON answer of the API loads nothing and may be framed by nothing. */
const API_CSP = "default-src 'none';frame-ancestors 'none'";

/** Headers that matter only for a document (helmet's defaults): on pages, not on the API's JSON. */
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

function expectProtected(res: Response) {
  const api = (res.headers['content-type'] ?? '').startsWith('application/json');
  expect(res.headers['content-security-policy']).toBe(api ? API_CSP : APP_CSP);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
  for (const name of DOCUMENT_ONLY) expect(res.headers[name] === undefined).toBe(api);
}

describe('security headers (no trusted proxy, the default)', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let token: string;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir });
    token = await t.tokenFor(await t.createUser());
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('protects a guest’s API answer and leaves its caching as it was (an ETag, no Cache-Control)', async () => {
    const res = await t.http.get('/api/posts/timeline').expect(200);
    expectProtected(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers.etag).toBeDefined();
  });

  it.each(['/api/posts/timeline', '/api/auth/me'])('answers %s with Cache-Control: no-store when the request carries a token', async (path) => {
    const res = await t.http.get(path).set('authorization', `Bearer ${token}`).expect(200);
    expectProtected(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps no-store on a refused token and on a write (a login answers a token)', async () => {
    const refused = await t.http.get('/api/auth/me').set('authorization', 'Bearer kötü').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await t.http.post('/api/auth/login').send({ login: 'kimse@test.gundem', password: 'yanlis-parola' });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('protects error answers produced before any route (a body that is not JSON)', async () => {
    const res = await t.http.post('/api/posts').set('authorization', `Bearer ${token}`).set('content-type', 'application/json').send('{kötü');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'İstek gövdesi geçerli bir JSON değil.', statusCode: 400 });
    expectProtected(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('protects the SPA’s index.html and its assets, which keep the SPA’s caching (common/spa/serve-spa.ts)', async () => {
    for (const [path, cacheControl] of [
      ['/', 'no-cache'],
      ['/profile/ayse', 'no-cache'],
      ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ]) {
      const res = await t.http.get(path).expect(200);
      expectProtected(res);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives Swagger UI its own policy: inline styles and data: icons, still no inline script and no framing', async () => {
    const res = await t.http.get('/api/docs/').expect(200);
    expect(res.text).toContain('swagger-ui');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The relaxed policy stays on the docs' paths.
    expect((await t.http.get('/api/docs-nicht')).headers['content-security-policy']).toBe(API_CSP);
  });

  it('never sends HSTS over plain http, even when a client forges X-Forwarded-Proto: https', async () => {
    for (const path of ['/api/posts/timeline', '/']) {
      const res = await t.http.get(path).set('x-forwarded-proto', 'https').expect(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBe(path === '/' ? APP_CSP : API_CSP);
    }
  });
});

describe('security headers behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  let spa: SpaFixture;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it.each(['/api/posts/timeline', '/', '/assets/index-abc123.js'])('sends HSTS on %s when the proxy says the client used HTTPS', async (path) => {
    const res = await t.http.get(path).set('x-forwarded-proto', 'https').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(path.startsWith('/api/') ? `${API_CSP};upgrade-insecure-requests` : `${APP_CSP};upgrade-insecure-requests`);
  });

  it('sends no HSTS when the proxy says the client used plain http', async () => {
    for (const proto of ['http', undefined]) {
      const req = t.http.get('/api/posts/timeline');
      const res = await (proto ? req.set('x-forwarded-proto', proto) : req).expect(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBe(API_CSP);
    }
  });
});
