import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildSsrModule, createSpaFixture, INDEX_MARKER, type SpaFixture, writeSsrModule } from '../../../test/spa-fixture';
import { rawGet } from '../../../test/raw-get';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { embedMarkup, FIRST_PAGE_ELEMENT_ID } from './home-page';
import { MEMBER_STATE_ELEMENT_ID } from './member-home-page';

/** The home-page cookie (auth/home-session.ts HOME_COOKIE; common/ imports no feature). */
const HOME_COOKIE = 'gundem_home';

/*
 * A guest's `/` rendered on the server by the app's own components (issue 13;
 * frontend/src/entry-server.tsx, built here from this checkout's sources as `npm run build` builds
 * it into frontend/dist-ssr): the markup is in #root beside the data block, a member (by the
 * home-page cookie, auth/home-session.ts) gets their own page without it, and a missing or failing render leaves `/` as it was without it.
 */
const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';
const ROOT = /<div id="root" data-fixture="gundem" data-ssr="guest" data-now="(\d+)" data-entry="\/assets\/index-abc123\.js">(.*)<\/div><script type="application\/json"/s;
/** The fixture build's after-paint loader, as its manifest names it. */
const LOADER = '/assets/after-paint-def456.js';
const HOSTILE = 'Kapanış </script><script>alert(1)</script> <img src=x onerror=alert(2)> & bitti';

/** The markup inside #root, or a failure that shows the page's start. */
function rootMarkup(html: string): string {
  const match = ROOT.exec(html);
  if (!match) throw new Error(`no server-rendered #root in ${html.slice(0, 300)}`);
  return match[2];
}

describe('a guest’s / rendered on the server', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;
  let indexHtml: string;
  let member: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    spa = createSpaFixture();
    buildSsrModule(spa);
    // The build's manifest names the after-paint loader (frontend/vite.config.ts).
    mkdirSync(join(spa.dir, '.vite'));
    writeFileSync(
      join(spa.dir, '.vite/manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js', isEntry: true }, 'src/after-paint.ts': { file: LOADER.slice(1), isEntry: true } }),
    );
    indexHtml = readFileSync(join(spa.dir, 'index.html'), 'utf8');
    t = await createTestApp({ frontendDist: spa.dir });
    base = await t.listen();
    const ayse = await t.createUser({ displayName: 'Ayşe Yılmaz' });
    member = await t.createUser();
    await t.createPost(ayse, 'İlk gönderi sunucudan #gündem');
    await t.createPost(ayse, HOSTILE);
  });

  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('has the feed’s posts inside #root, marked data-ssr with the moment of the render, and keeps the data block', async () => {
    const before = Date.now();
    const page = await rawGet(base, '/');
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    const markup = rootMarkup(html);
    expect(markup).toContain('İlk gönderi sunucudan');
    expect(markup).toContain('Ayşe Yılmaz');
    // The guest's screen: the login prompt, the feed with its cards.
    expect(markup).toContain('role="feed"');
    expect(markup.match(/data-testid="post-card"/g)).toHaveLength(2);
    const now = Number(ROOT.exec(html)![1]);
    expect(Math.abs(now - before)).toBeLessThan(60_000);
    expect(html).toContain(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">`);
  });

  it('loads the after-paint loader in place of the entry, which it names in data-entry', async () => {
    const html = (await rawGet(base, '/')).body.toString('utf8');
    expect(html).toContain(`<head><script type="module" src="${LOADER}"></script></head>`);
    expect(html).not.toContain('<script type="module" src="/assets/index-abc123.js">');
    expect(rootMarkup(html)).toContain('İlk gönderi sunucudan');
  });

  it('escapes a post’s text in the markup: no element, no script comes from it', async () => {
    const html = (await rawGet(base, '/')).body.toString('utf8');
    const markup = rootMarkup(html);
    expect(markup).toContain('Kapanış &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &amp; bitti');
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<img');
    // The page's own module script and the data block, nothing else.
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('varies on Cookie and Accept-Encoding, is compressed the same page, and revalidates with 304', async () => {
    const br = await rawGet(base, '/', { 'accept-encoding': CHROME_ENCODINGS });
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Cookie, Accept-Encoding']);
    const plain = (await rawGet(base, '/')).body.toString('utf8');
    expect(rootMarkup(plain)).toContain('İlk gönderi sunucudan');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain);
    const gz = await rawGet(base, '/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString('utf8')).toBe(plain);
    const again = await rawGet(base, '/', { 'accept-encoding': CHROME_ENCODINGS, 'if-none-match': String(br.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('gives a member (by the home-page cookie) their own screen, rendered from their state, without the guests’ block', async () => {
    const login = await t.http.post('/api/auth/login').send({ login: member.username, password: member.password }).expect(200);
    const cookie = [login.headers['set-cookie'] ?? []].flat().find((line: string) => line.startsWith(`${HOME_COOKIE}=`))!.split(';')[0];
    const res = await rawGet(base, '/', { cookie: `tema=koyu; ${cookie}; dil=tr` });
    const html = res.body.toString('utf8');
    expect([res.status, res.headers.vary, res.headers['cache-control']]).toEqual([200, 'Cookie, Accept-Encoding', 'private, no-cache']);
    expect(html).toContain(MEMBER_STATE_ELEMENT_ID);
    expect(html).not.toContain(FIRST_PAGE_ELEMENT_ID);
    const root = /<div id="root" data-fixture="gundem" data-ssr="member" data-now="\d+" data-entry="\/assets\/index-abc123\.js">(.*)<\/div><script type="application\/json"/s.exec(html);
    expect(root).not.toBeNull();
    const markup = root![1];
    // The member's own screen: their handle, the compose box, the feed's posts, escaped by React.
    expect(markup).toMatch(new RegExp(`user-card__handle">@(<!-- -->)?${member.username}<`));
    expect(markup).toContain('Gönderi metni');
    expect(markup).toContain('İlk gönderi sunucudan');
    expect(markup).not.toContain('<script>alert(1)');
    expect(markup).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Loaded after the first paint, as a guest's.
    expect(html).toContain(`src="${LOADER}"`);

    // A member whose home tab is Takip edilenler: the state without the other tab's markup.
    const following = (await rawGet(base, '/', { cookie: `${cookie}; gundem_home_feed=following` })).body.toString('utf8');
    expect(following).toContain(MEMBER_STATE_ELEMENT_ID);
    expect(following).not.toContain('data-ssr');
    // And one whose tab is `Son` (issue 26: the time order, while the markup is `Size özel`'s).
    const latest = (await rawGet(base, '/', { cookie: `${cookie}; gundem_home_feed=latest` })).body.toString('utf8');
    expect(latest).toContain(MEMBER_STATE_ELEMENT_ID);
    expect(latest).not.toContain('data-ssr');
  });

  it('gives a guest’s page for any other cookie, a refused home-page cookie included', async () => {
    for (const cookie of [`${HOME_COOKIE}=bozuk`, `x${HOME_COOKIE}=1`, 'tema=koyu']) {
      const html = (await rawGet(base, '/', { cookie })).body.toString('utf8');
      expect([cookie, rootMarkup(html).includes('İlk gönderi sunucudan')]).toEqual([cookie, true]);
    }
  });

  // A guest's Explore is rendered too, when the build's module has its render (guest-pages.e2e-spec.ts).
  it('leaves the other pages index.html as it is', async () => {
    for (const path of ['/explore?q=ankara', '/profile/ayse']) {
      const res = await rawGet(base, path);
      expect([path, res.status, res.body.toString('utf8')]).toEqual([path, 200, indexHtml]);
    }
  });
});

describe('a guest’s / when the server render fails', () => {
  const cases: [string, string][] = [
    ['throws', 'export function renderGuestHome() { throw new Error("çizim bozuk"); }\n'],
    ['does not export the render', 'export const something = 1;\n'],
    ['cannot be loaded', 'export function renderGuestHome( {\n'],
  ];

  it.each(cases)('is the page with the data block only when the module %s', async (_, source) => {
    const spa = createSpaFixture();
    writeSsrModule(spa, source);
    const t = await createTestApp({ frontendDist: spa.dir });
    try {
      const base = await t.listen();
      const ayse = await t.createUser();
      await t.createPost(ayse, 'Yedek sayfadaki gönderi');
      const page = await rawGet(base, '/');
      const html = page.body.toString('utf8');
      expect(page.status).toBe(200);
      expect(html).toContain(INDEX_MARKER);
      expect(html).not.toContain('data-ssr');
      expect(html).toContain(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">`);
      expect(html).toContain('Yedek sayfadaki gönderi');
    } finally {
      await t.close();
      spa.remove();
    }
  });
});

describe('embedMarkup', () => {
  const index = '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

  it('puts the markup in the root, marked with the moment, and swaps the entry for the loader', () => {
    expect(embedMarkup(index, '<p>x</p>', 42, '/assets/after-paint-2.js')).toBe(
      '<html><head><script type="module" crossorigin src="/assets/after-paint-2.js"></script></head><body><div id="root" data-ssr="guest" data-now="42" data-entry="/assets/index-1.js"><p>x</p></div></body></html>',
    );
  });

  it('keeps the entry at low priority without a loader', () => {
    expect(embedMarkup(index, '<p>x</p>', 42, null)).toBe(
      '<html><head><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script></head><body><div id="root" data-ssr="guest" data-now="42"><p>x</p></div></body></html>',
    );
  });

  it('leaves a page without an empty root or without the entry script as it is', () => {
    const filled = index.replace('<div id="root"></div>', '<div id="root">eski</div>');
    expect(embedMarkup(filled, '<p>x</p>', 42, '/assets/after-paint-2.js')).toBe(filled);
    const noScript = '<html><body><div id="root"></div></body></html>';
    expect(embedMarkup(noScript, '<p>x</p>', 42, '/assets/after-paint-2.js')).toBe(noScript);
  });
});
