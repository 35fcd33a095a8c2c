import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildSsrModule, createSpaFixture, INDEX_MARKER, type SpaFixture, writeSsrModule } from '../../../test/spa-fixture';
import { rawGet } from '../../../test/raw-get';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PAGE_DATA_MAX_AGE_MS, screenHeadLinks } from './guest-pages';

/** The home-page cookie (auth/home-session.ts HOME_COOKIE; common/ imports no feature). */
const HOME_COOKIE = 'gundem_home';
const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * The manifest of a build as Vite writes it (frontend/vite.config.ts): the entry with its CSS and
 * a chunk it shares with Explore, Explore's own chunk, stylesheet and a chunk of its own.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index-abc123.css'] },
  '_runtime.js': { file: 'assets/runtime-aaa111.js' },
  'src/after-paint.ts': { file: 'assets/after-paint-def456.js', isEntry: true },
  'src/app/routes/explore-page.tsx': {
    file: 'assets/explore-page-e1e1e1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_runtime.js', '_follow-button.js'],
    css: ['assets/explore-page-c5c5c5.css'],
  },
  '_follow-button.js': { file: 'assets/follow-button-f0f0f0.js' },
};

/** index.html as the build writes it: a title, the entry and its stylesheet in the head. */
const INDEX = `<!doctype html><html lang="tr"><head><title>gündem - Türkiye'nin Sosyal Ağı</title><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-abc123.css"></head><body>${INDEX_MARKER}</body></html>`;

function withManifest(spa: SpaFixture): void {
  mkdirSync(join(spa.dir, '.vite'), { recursive: true });
  writeFileSync(join(spa.dir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(spa.dir, 'index.html'), INDEX);
}

describe('what a server-rendered screen adds to the head (screenHeadLinks)', () => {
  it('links the screen’s own stylesheet and preloads its own chunks, none of the entry’s', () => {
    expect(screenHeadLinks(MANIFEST, 'src/app/routes/explore-page.tsx')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/explore-page-c5c5c5.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/explore-page-e1e1e1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/follow-button-f0f0f0.js">',
    );
  });

  it('adds nothing for a module the manifest does not know, and no file name outside /assets/', () => {
    expect(screenHeadLinks(MANIFEST, 'src/yok.tsx')).toBe('');
    const hostile = { ...MANIFEST, 'src/x.tsx': { file: 'assets/x"><script>alert(1)</script>.js', css: ['../../etc/passwd.css'] } };
    expect(screenHeadLinks(hostile, 'src/x.tsx')).toBe('');
  });
});

/*
 * A guest's Explore rendered on the server by the app's own components (issue 13;
 * frontend/src/entry-server.tsx renderGuestPage, built here from this checkout's sources).
 */
describe('a guest’s Explore rendered on the server', () => {
  let t: TestApp;
  let spa: SpaFixture;
  let base: string;

  beforeAll(async () => {
    spa = createSpaFixture();
    buildSsrModule(spa);
    withManifest(spa);
    t = await createTestApp({ frontendDist: spa.dir });
    // The 7-day trends and suggestions the page is rendered from (issue 26).
    const [a, b] = await t.createUsers(2);
    await t.createPost(a, 'Sabah #Kapadokya balonları');
    await t.createPost(b, 'Akşam #kapadokya');
    await t.createPost(b, 'Bir de #çay');
    suggested = b.username;
    moderator = await t.bearer(await t.createUser({ role: 'moderator' }));
    base = await t.listen();
  });
  let suggested: string;
  let moderator: string;

  /** Trend review's hide and undo recompute the ranking at once (over HTTP: common/ imports no feature). */
  const recompute = async () => {
    await t.http.put('/api/admin/trends/hidden/yenidenhesapla').set('authorization', moderator).expect(200);
    await t.http.delete('/api/admin/trends/hidden/yenidenhesapla').set('authorization', moderator).expect(200);
  };
  /** The guest's /explore once it holds `needle`: its data is read again every PAGE_DATA_MAX_AGE_MS (asked again until then, no fixed sleep). */
  const exploreWith = async (needle: string): Promise<string> => {
    const deadline = Date.now() + PAGE_DATA_MAX_AGE_MS + 10_000;
    let html = '';
    while (Date.now() < deadline) {
      html = (await rawGet(base, '/explore')).body.toString('utf8');
      if (html.includes(needle)) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return html;
  };

  afterAll(async () => {
    await t?.close();
    spa?.remove();
  });

  it('renders the real 7-day trends and suggestions, and carries them for the hydrating render (issue 26)', async () => {
    const html = await exploreWith('href="/hashtag/kapadokya"');
    const markup = /<div id="root"[^>]*>(.*)<\/div><script type="application\/json" id="gundem-explore">/s.exec(html)?.[1] ?? '';
    expect(markup).toMatch(/<a class="list-row topic-card" href="\/hashtag\/kapadokya"[^>]*>.*?#(<!-- -->)?kapadokya<\/span><span class="topic-card__count">2 gönderi</s);
    expect(markup).toContain('href="/hashtag/çay"');
    // Not the SPEC's sample topics: those are only the fallback when the browser's call fails.
    expect(markup).not.toContain('#yapayzeka');
    expect(markup).toContain(`href="/profile/${suggested}"`);
    expect(markup).not.toContain('Teknoloji Gündemi');
    const block = /<script type="application\/json" id="gundem-explore">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const data = JSON.parse(block) as { trends: { hashtag: string; postCount: number }[]; users: { username: string }[] };
    expect(data.trends.slice(0, 2)).toEqual([
      { hashtag: 'kapadokya', postCount: 2, engagementScore: 0 },
      { hashtag: 'çay', postCount: 1, engagementScore: 0 },
    ]);
    expect(data.users.map((u) => u.username)).toContain(suggested);
  });

  it('is made again once the trends are recomputed with a new tag', async () => {
    const author = await t.createUser();
    await t.createPost(author, 'Yepyeni #tazeetiket');
    await recompute();
    const html = await exploreWith('href="/hashtag/tazeetiket"');
    expect(html).toContain('href="/hashtag/tazeetiket"');
    expect(html).toMatch(/id="gundem-explore">[^<]*"tazeetiket"/);
  });

  it('has the default tab’s topics in #root, marked for hydration, loading the after-paint loader', async () => {
    const before = Date.now();
    const res = await rawGet(base, '/explore');
    expect([res.status, res.headers['cache-control'], res.headers.vary]).toEqual([200, 'no-cache', 'Cookie, Accept-Encoding']);
    const html = res.body.toString('utf8');
    const root = /<div id="root" data-fixture="gundem" data-ssr="guest" data-now="(\d+)" data-entry="\/assets\/index-abc123\.js">(.*)<\/div><script type="application\/json" id="gundem-explore">/s.exec(html);
    expect(root).not.toBeNull();
    expect(Math.abs(Number(root![1]) - before)).toBeLessThan(60_000);
    const markup = root![2];
    expect(markup).toContain('Gündemdeki konular');
    expect(markup).toContain('class="list-row topic-card"');
    expect(markup).toMatch(/role="tab" id="explore-tab-trending" aria-selected="true"[^>]*><span class="tabs__label">Gündem</);
    // Nothing left for the browser to fill in with a script (the CSP would refuse it).
    expect(markup).not.toMatch(/<script|<!--\$[?!]-->/);
    expect(html).toContain('<script type="module" src="/assets/after-paint-def456.js"></script>');
    expect(html).not.toContain('src="/assets/index-abc123.js"');
  });

  it('carries its own title and the screen’s stylesheet and code in the head', async () => {
    const html = (await rawGet(base, '/explore')).body.toString('utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Keşfet / gündem</title>');
    expect(head).toContain('<link rel="stylesheet" href="/assets/index-abc123.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/explore-page-c5c5c5.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/explore-page-e1e1e1.js">');
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/runtime-aaa111.js"');
  });

  it('is compressed the same page and revalidates with 304', async () => {
    const plain = (await rawGet(base, '/explore')).body.toString('utf8');
    const br = await rawGet(base, '/explore', { 'accept-encoding': CHROME_ENCODINGS });
    expect([br.status, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain);
    const gz = await rawGet(base, '/explore', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString('utf8')).toBe(plain);
    const again = await rawGet(base, '/explore', { 'accept-encoding': CHROME_ENCODINGS, 'if-none-match': String(br.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('leaves a search, another tab, other pages and a member’s request (the home-page cookie) index.html as it is', async () => {
    const index = readFileSync(join(spa.dir, 'index.html'), 'utf8');
    for (const [path, headers] of [
      ['/explore?q=ankara', {}],
      ['/explore?tab=latest', {}],
      ['/EXPLORE', {}],
      ['/profile/ayse', {}],
      ['/explore', { cookie: `tema=koyu; ${HOME_COOKIE}=herhangi` }],
    ] as const) {
      const res = await rawGet(base, path, headers);
      expect([path, res.status, res.body.toString('utf8')]).toEqual([path, 200, index]);
    }
  });
});

describe('a guest’s Explore when the server render fails or is missing', () => {
  const cases: [string, string][] = [
    [
      'throws',
      'export function renderGuestPage() { throw new Error("çizim bozuk"); }\nexport async function warmGuestPages() {}\n' +
        'export function guestPageList() { return { "/explore": { module: "src/app/routes/explore-page.tsx", title: "Keşfet / gündem" } }; }\n',
    ],
    [
      'cannot warm up',
      'export function renderGuestPage() { return "<p>x</p>"; }\nexport async function warmGuestPages() { throw new Error("yüklenemedi"); }\n' +
        'export function guestPageList() { return { "/explore": { module: "x", title: "x" } }; }\n',
    ],
    ['does not export the render', 'export function renderGuestHome() { return ""; }\n'],
  ];

  it.each(cases)('is index.html as it is when the module %s', async (_, source) => {
    const spa = createSpaFixture();
    writeSsrModule(spa, source);
    withManifest(spa);
    const t = await createTestApp({ frontendDist: spa.dir });
    try {
      const base = await t.listen();
      const res = await rawGet(base, '/explore');
      expect([res.status, res.body.toString('utf8')]).toEqual([200, INDEX]);
    } finally {
      await t.close();
      spa.remove();
    }
  });
});
