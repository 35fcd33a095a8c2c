import { request as httpRequest } from 'node:http';
import { createSpaFixture, type SpaFixture } from '../../../test/spa-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { HTTP_TEXTS } from './http.texts';

/** A request with any method Node's client sends, the body as JSON when it parses. */
function send(base: string, method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const REFUSED = { message: HTTP_TEXTS.methodNotAllowed, statusCode: 405 };

describe('methods the app does not answer (PROPFIND, TRACE, …): a Turkish 405 with Allow (real server)', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let url: string;
  beforeAll(async () => {
    spa = createSpaFixture();
    t = await createTestApp({ frontendDist: spa.dir });
    url = await t.listen();
  });
  afterAll(async () => {
    await t.close();
    spa.remove();
  });

  it('on an API route: the methods that path answers, and no English "Cannot PROPFIND"', async () => {
    const health = await send(url, 'PROPFIND', '/api/health');
    expect(health.status).toBe(405);
    expect(health.body).toEqual(REFUSED);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
    // The security headers of every answer.
    expect(health.headers['x-content-type-options']).toBe('nosniff');

    // A path with several routes (a post: read it, edit it, delete it).
    const post = await t.createPost(await t.createUser(), 'Yöntem denemesi');
    const one = await send(url, 'TRACE', `/api/posts/${post.id}`);
    expect(one.status).toBe(405);
    expect(one.body).toEqual(REFUSED);
    expect(one.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect((await send(url, 'MKCOL', '/api/auth/login')).headers.allow).toBe('POST');
  });

  it('on an API path no route has: the app’s general set', async () => {
    const res = await send(url, 'PROPFIND', '/api/yok-boyle-bir-yer');
    expect(res.status).toBe(405);
    expect(res.body).toEqual(REFUSED);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
  });

  it('on the SPA’s pages and files: GET, HEAD', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['PROPFIND', '/explore'],
      ['MKCOL', '/assets/app.js'],
      ['LOCK', '/profile/ayse'],
    ]) {
      const res = await send(url, method, path);
      expect([method, path, res.status, res.headers.allow, res.body]).toEqual([method, path, 405, 'GET, HEAD', REFUSED]);
    }
  });

  it('leaves the methods the app answers as they were', async () => {
    expect((await send(url, 'GET', '/api/posts/timeline')).status).toBe(200);
    expect((await send(url, 'HEAD', '/explore')).status).toBe(200);
    const wrong = await send(url, 'DELETE', '/api/health');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: HTTP_TEXTS.notFound, statusCode: 404 });
  });
});
