import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createSpaFixture, INDEX_MARKER, type SpaFixture } from '../../../test/spa-fixture';
import { rawGet } from '../../../test/raw-get';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { embedFirstPage, FIRST_PAGE_ELEMENT_ID } from './home-page';

/*
 * A guest's `/` with the home feed's first page in it (issue 13; the global ranking since issue 26), through the real app, a real
 * database and a built SPA's shape (test/spa-fixture.ts): the page is the API's own answer, a
 * post's text cannot close the element, and the other pages are index.html as before.
 */
const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';
const BLOCK = new RegExp(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">(.*?)</script></body>`, 's');

/** The JSON in the page's data block, as JSON.parse in the browser reads it. */
function embeddedJson(html: string): unknown {
  const match = BLOCK.exec(html);
  if (!match) throw new Error(`no ${FIRST_PAGE_ELEMENT_ID} block in ${html.slice(0, 200)}`);
  return JSON.parse(match[1]);
}

describe('a guest’s / with the first timeline page', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;
  let indexHtml: string;

  beforeAll(async () => {
    spa = createSpaFixture();
    indexHtml = readFileSync(join(spa.dir, 'index.html'), 'utf8');
    t = await createTestApp({ frontendDist: spa.dir });
    base = await t.listen();
    const ayse = await t.createUser();
    await t.createPost(ayse, 'İlk gönderi #gündem');
    await t.createPost(ayse, 'Kapanış denemesi </script><script>alert(1)</script> <!-- bitti');
  });

  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('carries the JSON GET /api/posts/timeline/ranked?limit=20 gives a guest (the global ranking, issue 26), before </body>', async () => {
    const page = await rawGet(base, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.body.toString('utf8');
    expect(html).toContain(INDEX_MARKER);
    const api = await t.http.get('/api/posts/timeline/ranked?limit=20').expect(200);
    expect(embeddedJson(html)).toEqual(api.body);
    expect((api.body as { posts: unknown[] }).posts).toHaveLength(2);
  });

  it('writes < as \\u003c, so a post’s text cannot end the element or open a script', async () => {
    const html = (await rawGet(base, '/')).body.toString('utf8');
    const block = BLOCK.exec(html)![1];
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003c/script>');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(JSON.stringify(embeddedJson(html))).toContain('Kapanış denemesi </script><script>alert(1)</script> <!-- bitti');
  });

  it('is sent as brotli or gzip when accepted, with an ETag a revalidation answers with 304', async () => {
    const br = await rawGet(base, '/', { 'accept-encoding': CHROME_ENCODINGS });
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'Cookie, Accept-Encoding']);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const plain = (await rawGet(base, '/')).body.toString('utf8');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain);
    const gz = await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(plain);
    const again = await rawGet(base, '/', { 'accept-encoding': CHROME_ENCODINGS, 'if-none-match': String(br.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('changes with the timeline: a new post is in the next / (after the one-second cache)', async () => {
    const before = embeddedJson((await rawGet(base, '/')).body.toString('utf8')) as { posts: { content: string }[] };
    const author = await t.createUser();
    await t.createPost(author, 'Yeni gelen gönderi');
    // createPost goes through PostsService, which drops the cached first page it changes.
    const after = embeddedJson((await rawGet(base, '/')).body.toString('utf8')) as { posts: { content: string }[] };
    expect(after.posts[0].content).toBe('Yeni gelen gönderi');
    expect(after.posts.slice(1)).toEqual(before.posts);
  });

  it('leaves every other page index.html as it is', async () => {
    for (const path of ['/explore', '/profile/ayse', '/post/1']) {
      const res = await rawGet(base, path);
      expect([path, res.status, res.body.toString('utf8')]).toEqual([path, 200, indexHtml]);
    }
  });
});

describe('embedFirstPage', () => {
  it('puts the block before the last </body>, or at the end without one', () => {
    expect(embedFirstPage('<html><body><div></div></body></html>', '{"a":"<b>"}')).toBe(
      `<html><body><div></div><script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">{"a":"\\u003cb>"}</script></body></html>`,
    );
    expect(embedFirstPage('<p>', '{}')).toBe(`<p><script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">{}</script>`);
  });
});
