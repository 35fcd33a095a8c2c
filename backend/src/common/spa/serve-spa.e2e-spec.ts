import { readFileSync } from 'node:fs';
import { createSpaFixture, INDEX_MARKER, ROBOTS_SOURCE, type SpaFixture } from '../../../test/spa-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * What the server answers outside the API's routes, through the real app with a built SPA's
 * shape (test/spa-fixture.ts): pages, files, missing files, unknown paths and unknown API paths.
 */

const NOT_FOUND = { message: 'İstenen kaynak bulunamadı.', statusCode: 404 };

/**
 * Whether robots.txt lets a crawler fetch `path`, by RFC 9309: the longest matching rule wins,
 * Allow on a tie; `$` anchors the end.
 */
function robotsAllows(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)/i.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, kind, pattern]) => ({ allow: kind.toLowerCase() === 'allow', pattern }));
  let best: { allow: boolean; length: number } = { allow: true, length: -1 };
  for (const rule of rules) {
    const anchored = rule.pattern.endsWith('$');
    const prefix = anchored ? rule.pattern.slice(0, -1) : rule.pattern;
    const matches = anchored ? path === prefix : path.startsWith(prefix);
    if (!matches) continue;
    if (prefix.length > best.length || (prefix.length === best.length && rule.allow)) best = { allow: rule.allow, length: prefix.length };
  }
  return best.allow;
}

describe('serving the SPA beside the API', () => {
  let t: TestApp;
  let spa: SpaFixture;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir });
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('serves the real robots.txt as text, not the SPA’s HTML', async () => {
    const res = await t.http.get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(readFileSync(ROBOTS_SOURCE, 'utf8'));
    expect(res.text).toMatch(/^User-agent: \*$/m);
  });

  it('robots.txt lets crawlers read public pages and keeps them out of the API and private pages', () => {
    const robots = readFileSync(ROBOTS_SOURCE, 'utf8');
    for (const path of ['/', '/explore', '/explore?q=ankara', '/profile/ayse', '/post/0b6f7c1e-2f4b-4a57-9c31-6f1f0e6b1a2d', '/help', '/terms', '/privacy']) {
      expect([path, robotsAllows(robots, path)]).toEqual([path, true]);
    }
    for (const path of ['/api/posts/timeline', '/api/docs', '/admin', '/admin/users', '/messages', '/settings', '/notifications', '/profile', '/reset-password?token=abc&email=a@b.c', '/forgot-password', '/socket.io/?EIO=4']) {
      expect([path, robotsAllows(robots, path)]).toEqual([path, false]);
    }
  });

  it.each(['/', '/explore', '/EXPLORE/', '/profile', '/profile/ayse', '/post/123', '/admin', '/admin/users', '/admin/bilinmeyen'])('answers the page %s with index.html and 200', async (path) => {
    const res = await t.http.get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(INDEX_MARKER);
  });

  it.each(['/zzz', '/profile/ayse/begeniler', '/explorer', '/post'])('answers %s, a path of no page, with index.html and 404 (the app shows its not-found page)', async (path) => {
    const res = await t.http.get(path).expect(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(INDEX_MARKER);
  });

  it.each(['/wp-login.php', '/.env', '/.git/config', '/x.js', '/assets/index-eski999.js', '/favicon.ico'])('answers %s, a missing file, with a JSON 404', async (path) => {
    const res = await t.http.get(path).expect(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('serves an existing asset as itself', async () => {
    const res = await t.http.get('/assets/index-abc123.js').expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toContain('gündem');
  });

  it('answers other methods outside the API with the JSON 404, not Express’s HTML page', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await t.http[method]('/zzz').expect(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await t.http.post('/profile/ayse').expect(404)).body).toEqual(NOT_FOUND);
  });

  it('answers unknown API paths, and /api itself, with a JSON 404 for every method, never the SPA', async () => {
    for (const path of ['/api', '/api/', '/api/yok', '/api/posts/yok/yok', '/api/yok.php']) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const res = await t.http[method](path);
        expect([method, path, res.status, res.body]).toEqual([method, path, 404, NOT_FOUND]);
      }
    }
  });
});

describe('serving a build without spa-routes.json', () => {
  let t: TestApp;
  let spa: SpaFixture;
  beforeAll(async () => {
    spa = createSpaFixture(null);
    t = await createTestApp({ frontendDist: spa.dir });
  });
  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('treats every path that is not a file as a page, and a missing file still as a 404', async () => {
    expect((await t.http.get('/zzz').expect(200)).text).toContain(INDEX_MARKER);
    expect((await t.http.get('/profile/ayse').expect(200)).text).toContain(INDEX_MARKER);
    expect((await t.http.get('/wp-login.php').expect(404)).body).toEqual(NOT_FOUND);
  });
});

describe('serving the API only (no built SPA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ frontendDist: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every path outside the API with the JSON 404, not Express’s English HTML page', async () => {
    for (const path of ['/', '/profile/ayse', '/robots.txt']) {
      const res = await t.http.get(path).expect(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await t.http.post('/zzz').expect(404)).body).toEqual(NOT_FOUND);
    expect((await t.http.get('/api/yok').expect(404)).body).toEqual(NOT_FOUND);
    expect((await t.http.get('/api/posts/timeline').expect(200)).body).toHaveProperty('posts');
  });
});
