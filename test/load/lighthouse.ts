/**
 * The Lighthouse part of `npm run bench` (issue 13): the four category scores and the load
 * metrics of a guest's `/`, a member's `/` and `/explore`, with Lighthouse's default config
 * (the mobile preset: a mid-range phone, simulated slow 4G and a 4× slower CPU), against a node
 * of the benchmark that nothing else loads meanwhile. Its scores move with the machine's load,
 * which is why it lives here and not in `npm test`; `benchmarkIndex` (Lighthouse's own CPU
 * yardstick) and the load average are kept beside the figures.
 *
 * Chromium is the system one (`CHROME_PATH`, else /usr/bin/chromium), started once by
 * chrome-launcher with the flags of the browser tests; Lighthouse opens a tab of it per run. The
 * member's token goes into localStorage the way the app keeps it (`gundem_token`, see
 * frontend/src/lib/api-client.ts), and the browser gets the home-page cookie a signed-in app has
 * (backend/src/auth/home-session.ts, set by the session check); a guest's runs have neither.
 * Lighthouse clears caches and service workers between runs, not localStorage or cookies.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

/** The flags of the browser tests, plus quiet defaults so nothing but the page uses the network. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcp: 'first-contentful-paint',
  si: 'speed-index',
} as const;

/** One run of one page: scores 0–100, times in ms, CLS unitless. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  benchmarkIndex: number;
}

export interface LighthousePage {
  label: string;
  path: string;
  /** The run with the median performance score (Lighthouse's own advice for N runs). */
  median: LighthouseRun;
  runs: LighthouseRun[];
  /** Audits below a full score in the median run, e.g. `unused-css-rules (0.5)`. */
  failing: string[];
  /** The API paths the median run's page requested (a member's `/` checks its session at /api/auth/me). */
  apiRequests: string[];
  /** Uploaded pictures (/media/…) the median run's page loaded, and their bytes over the wire. */
  mediaRequests: { count: number; bytes: number };
}

export interface LighthouseResult {
  lighthouseVersion: string;
  chromium: string;
  preset: 'mobile (varsayılan yapılandırma, benzetimli kısıtlama)';
  runsPerPage: number;
  loadAverage: { start: number[]; end: number[] };
  pages: Record<string, LighthousePage>;
}

export interface LighthouseTarget {
  name: string;
  value: string;
  ok: boolean;
}

interface PageSpec {
  key: string;
  label: string;
  path: string;
  member: boolean;
  /** Audited while the first page's posts carry pictures (issue 24; the `withMedia` option). */
  media?: boolean;
}

const PAGES: PageSpec[] = [
  { key: 'guest-home', label: 'misafir /', path: '/', member: false },
  { key: 'guest-explore', label: 'misafir /explore', path: '/explore', member: false },
  { key: 'member-home', label: 'üye /', path: '/', member: true },
  { key: 'guest-home-media', label: 'misafir / resimli', path: '/', member: false, media: true },
];

const TOKEN_KEY = 'gundem_token';

type AuditMap = Record<
  string,
  { id: string; title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; details?: { items?: { url?: string }[] } }
>;
interface Lhr {
  lighthouseVersion: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  categories: Record<string, { score: number | null }>;
  audits: AuditMap;
  runtimeError?: { code: string; message: string };
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

function toRun(lhr: Lhr): LighthouseRun {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcp: Math.round(metric(METRICS.lcp)),
    tbt: Math.round(metric(METRICS.tbt)),
    cls: Number(metric(METRICS.cls).toFixed(4)),
    fcp: Math.round(metric(METRICS.fcp)),
    si: Math.round(metric(METRICS.si)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** Scored audits that lost points (informative and not-applicable ones left out). */
function failingAudits(lhr: Lhr): string[] {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${a.score})`);
}

/** Paths under /api/ that the page requested, in order, each once. */
function apiRequests(lhr: Lhr): string[] {
  const paths = (lhr.audits['network-requests']?.details?.items ?? []).map((item) => (item.url ? new URL(item.url).pathname : ''));
  return [...new Set(paths.filter((path) => path.startsWith('/api/')))];
}

/** Requests for uploaded pictures (paths under /media/) and their transfer size. */
function mediaRequests(lhr: Lhr): { count: number; bytes: number } {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as { url?: string; transferSize?: number }[];
  const media = items.filter((item) => item.url && new URL(item.url).pathname.startsWith('/media/'));
  return { count: media.length, bytes: media.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
}

/** The run whose performance score is the median; ties go to the lower TBT. */
function medianRun(entries: { run: LighthouseRun; lhr: Lhr }[]): { run: LighthouseRun; lhr: Lhr } {
  const sorted = [...entries].sort((a, b) => a.run.performance - b.run.performance || b.run.tbt - a.run.tbt);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs Lighthouse `runs` times on each page of `baseUrl` and returns the per-page figures, the
 * run with the median performance score standing for the page.
 */
export async function runLighthouseBench(options: {
  baseUrl: string;
  memberToken: string;
  runs: number;
  log(line: string): void;
  /**
   * Runs an audit while the guests' first page carries image posts whose files the node serves
   * (media.ts withMediaOnFirstPage); without it the `guest-home-media` page is left out.
   */
  withMedia?: <T>(fn: () => Promise<T>) => Promise<T>;
}): Promise<LighthouseResult> {
  const { baseUrl, memberToken, runs, log, withMedia } = options;
  const pageSpecs = PAGES.filter((spec) => !spec.media || withMedia);
  // lighthouse and chrome-launcher are ESM-only; the benchmark is compiled to CommonJS, so they
  // come through import().
  const chromeLauncher = await import('chrome-launcher');
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const loadStart = loadavg();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const pages: Record<string, LighthousePage> = {};
  let version = '';
  let browser = '';
  try {
    const total = pageSpecs.length * runs;
    let step = 0;
    const entries = new Map<string, { run: LighthouseRun; lhr: Lhr }[]>(pageSpecs.map((spec) => [spec.key, []]));
    // Round by round, every page once per round: a change in the machine's load during the run
    // then falls on every page alike, not on whichever page comes last.
    for (let i = 1; i <= runs; i++) {
      for (const spec of pageSpecs) {
        await setToken(chrome.port, baseUrl, spec.member ? memberToken : null);
        const audit = () => runOnce(`${baseUrl}${spec.path}`, chrome.port, (code) => log(`lighthouse: ${spec.label} çalıştırma ${i}: ${code}, yeniden deneniyor`));
        const lhr = spec.media && withMedia ? await withMedia(audit) : await audit();
        version = lhr.lighthouseVersion;
        browser = lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent;
        const run = toRun(lhr);
        entries.get(spec.key)!.push({ run, lhr });
        log(
          `lighthouse (${++step}/${total}) ${spec.label.padEnd(16)} performans ${run.performance}, erişilebilirlik ${run.accessibility}, ` +
            `en iyi uygulamalar ${run.bestPractices}, SEO ${run.seo}; LCP ${run.lcp} ms, TBT ${run.tbt} ms, CLS ${run.cls}`,
        );
      }
    }
    for (const spec of pageSpecs) {
      const list = entries.get(spec.key)!;
      const median = medianRun(list);
      pages[spec.key] = {
        label: spec.label,
        path: spec.path,
        median: median.run,
        runs: list.map((e) => e.run),
        failing: failingAudits(median.lhr),
        apiRequests: apiRequests(median.lhr),
        mediaRequests: mediaRequests(median.lhr),
      };
    }
  } finally {
    chrome.kill();
  }
  return {
    lighthouseVersion: version,
    chromium: browser,
    preset: 'mobile (varsayılan yapılandırma, benzetimli kısıtlama)',
    runsPerPage: runs,
    loadAverage: { start: loadStart, end: loadavg() },
    pages,
  };
}

/** One Lighthouse run; a run that lost its trace (NO_NAVSTART and the like, on a busy machine) is tried again, twice at most. */
async function runOnce(url: string, port: number, retrying: (code: string) => void): Promise<Lhr> {
  const { default: lighthouse } = await import('lighthouse');
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) throw new Error(`Lighthouse ${url} için sonuç vermedi.`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse hatası (${url}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    retrying(lhr.runtimeError.code);
  }
}

/**
 * Puts the member's token in the origin's localStorage and has the session check set the
 * home-page cookie, as after a login (or takes both out), through the same Chromium.
 */
async function setToken(port: number, baseUrl: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // A plain text file of the origin: no script of the app runs, nothing is cached for later.
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate(
      ([key, value]) => {
        // Runs in the page (this file is compiled without the DOM's types).
        const page = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void; removeItem(k: string): void } };
        if (value) page.localStorage.setItem(key, value);
        else page.localStorage.removeItem(key);
      },
      [TOKEN_KEY, token] as const,
    );
    if (token) {
      const status = await page.evaluate(async (bearer) => (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${bearer}` } })).status, token);
      if (status !== 200) throw new Error(`Lighthouse üyesi oturum açamadı: GET /api/auth/me ${status}`);
    } else {
      // A member's run leaves the home-page cookie; the guest's run after it must not carry it.
      await page.context().clearCookies();
    }
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Issue 13's targets, per page: scores ≥ 95/100/100/100, LCP < 1.5 s, TBT < 150 ms, CLS < 0.02. */
export function lighthouseTargets(result: LighthouseResult): LighthouseTarget[] {
  const out: LighthouseTarget[] = [];
  for (const page of Object.values(result.pages)) {
    const m = page.median;
    const add = (name: string, value: string, ok: boolean) => out.push({ name: `lighthouse ${page.label}: ${name}`, value, ok });
    add('performans ≥ 95', String(m.performance), m.performance >= 95);
    add('erişilebilirlik = 100', String(m.accessibility), m.accessibility === 100);
    add('en iyi uygulamalar = 100', String(m.bestPractices), m.bestPractices === 100);
    add('SEO = 100', String(m.seo), m.seo === 100);
    add('LCP < 1,5 sn', `${m.lcp} ms`, m.lcp < 1500);
    add('TBT < 150 ms', `${m.tbt} ms`, m.tbt < 150);
    add('CLS < 0,02', String(m.cls), m.cls < 0.02);
  }
  // Issue 24: pictures on the first page cost at most 5 points and shift nothing.
  const text = result.pages['guest-home']?.median;
  const media = result.pages['guest-home-media']?.median;
  if (text && media) {
    out.push({
      name: 'lighthouse misafir / resimli: performans ≥ resimsiz − 5',
      value: `${media.performance} (resimsiz ${text.performance}, ${media.performance - text.performance >= 0 ? '+' : ''}${media.performance - text.performance})`,
      ok: media.performance >= text.performance - 5,
    });
    out.push({ name: 'lighthouse misafir / resimli: CLS = 0', value: String(media.cls), ok: media.cls === 0 });
  }
  return out;
}

/** The stdout table: one row per page, the median run's figures. */
export function printLighthouseTable(result: LighthouseResult): void {
  console.log(
    `\nLighthouse ${result.lighthouseVersion} (${result.chromium}, mobil ön ayar, ${result.runsPerPage} çalıştırmanın medyanı; ` +
      `yük ortalaması ${result.loadAverage.start[0].toFixed(1)} → ${result.loadAverage.end[0].toFixed(1)})`,
  );
  const head = ['sayfa', 'perf', 'erişil.', 'en iyi', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'SI ms', 'benchmarkIndex'];
  const rows = Object.values(result.pages).map((p) => {
    const m = p.median;
    return [p.label, m.performance, m.accessibility, m.bestPractices, m.seo, m.lcp, m.tbt, m.cls, m.fcp, m.si, m.benchmarkIndex].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const p of Object.values(result.pages)) {
    if (p.failing.length) console.log(`  ${p.label}: puan kaybettiren denetimler: ${p.failing.join(', ')}`);
    if (p.mediaRequests.count) console.log(`  ${p.label}: ${p.mediaRequests.count} resim isteği (/media/…), ${(p.mediaRequests.bytes / 1024).toFixed(0)} KiB`);
  }
}
