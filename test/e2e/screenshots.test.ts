import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/server';
import { DEMO, type E2E, postMenuButton, startE2E } from './harness';

/**
 * A screenshot of each main screen at desktop width and at a 390 px phone width, each checked
 * to have rendered (its text is there, no error banner). They land in test-results/screenshots;
 * `UPDATE_DOCS=1 npm test -- cross-cutting` also copies them to docs/screenshots for the README.
 */
const OUT = join(repoRoot, 'test-results/screenshots');
const DOCS = join(repoRoot, 'docs/screenshots');
const SCREENS: { name: string; path: string; ready: string; as: 'guest' | 'member' | 'admin' | 'reported' | 'english'; dark?: true }[] = [
  { name: 'home', path: '/', ready: 'Günaydın gündem!', as: 'member' },
  { name: 'home-guest', path: '/', ready: 'Gündeme siz de katılın', as: 'guest' },
  { name: 'explore', path: '/explore', ready: 'Gündemdeki konular', as: 'member' },
  { name: 'search', path: '/explore?q=istanbul', ready: 'İstanbul', as: 'member' },
  { name: 'profile', path: '/profile/ayse', ready: 'Ayşe Yılmaz', as: 'member' },
  { name: 'followers', path: '/profile/admin/followers', ready: 'Topluluk kurallarını gözetir.', as: 'member' },
  { name: 'post', path: '/', ready: 'Kürk Mantolu Madonna', as: 'member' },
  { name: 'messages', path: '/messages?user=admin', ready: 'gündem Yönetici', as: 'member' },
  { name: 'notifications', path: '/notifications', ready: 'Bildirimler', as: 'member' },
  { name: 'settings', path: '/settings', ready: 'Ayarlar', as: 'member' },
  { name: 'admin-dashboard', path: '/admin', ready: 'Toplam kullanıcı', as: 'admin' },
  { name: 'admin-users', path: '/admin/users', ready: '@ayse', as: 'admin' },
  { name: 'admin-settings', path: '/admin/settings', ready: 'Maksimum gönderi uzunluğu', as: 'admin' },
  // The dark theme (issue 26): the `auto` theme on a system that asks for dark.
  { name: 'home-dark', path: '/', ready: 'Günaydın gündem!', as: 'member', dark: true },
  { name: 'admin-dashboard-dark', path: '/admin', ready: 'Toplam kullanıcı', as: 'admin', dark: true },
  // English (issue 26): a member whose browser is English and who never chose a language.
  { name: 'home-english', path: '/', ready: 'For you', as: 'english' },
  { name: 'explore-english', path: '/explore', ready: 'Trending topics', as: 'english' },
  // Issue 25's safety screens, on a case made on the way (makeSafetyCase): a member reported by
  // Ayşe, warned by the moderator citing a rule, appealing; Ayşe's mutes. After the main screens,
  // whose feeds and lists the case would otherwise show.
  { name: 'rules', path: '/kurallar', ready: 'Spam ve reklam yapmayın.', as: 'guest' },
  { name: 'report-dialog', path: '', ready: 'Gönderiyi bildir', as: 'member' },
  { name: 'moderation-desk', path: '/admin/moderation', ready: 'Takipçi satışı yapıyor, ikinci kez görüyorum.', as: 'admin' },
  { name: 'moderation-notice', path: '/notifications/moderation', ready: 'Tekrarlanan reklam gönderileri.', as: 'reported' },
  { name: 'admin-appeals', path: '/admin/appeals', ready: 'Reklam değil, kendi dükkânımın duyurusuydu.', as: 'admin' },
  { name: 'admin-audit', path: '/admin/audit', ready: 'Hesap uyarıldı', as: 'admin' },
  { name: 'muted', path: '/settings', ready: 'sessizkelime', as: 'member' },
  // A reply deep in a thread, opened at itself with the thread above it. Last: its posts are made
  // on the way (makeThread), and would otherwise be in the other screens' feeds and notifications.
  { name: 'thread', path: '', ready: 'Haftaya cumartesi sabah dokuzda', as: 'member' },
];

/** The thread of the `thread` screenshot, root first, by turns: Ayşe, the moderator, the admin. */
const THREAD = [
  'Bu hafta sonu Belgrad Ormanı’nda yürüyüş yapmak isteyen var mı? 🌲',
  'Ben varım! Hangi parkuru düşünüyorsunuz?',
  'Neşet Suyu’ndan başlayıp bentlere kadar giden 7 km’lik yolu öneririm.',
  'Güzel seçim. Sabah erken çıkarsak kalabalığa da kalmayız.',
  'O zaman Bahçeköy girişinde buluşalım mı?',
  'Olur, otopark tarafında bekleriz. Kahveler benden ☕',
  'Haftaya cumartesi sabah dokuzda orada oluruz, yağmur yağarsa pazara kalsın.',
];

describe('screenshots of the main screens', () => {
  let e2e: E2E;
  const pages: Record<string, Record<string, Page>> = {};
  let threadPath = '';
  const makeThread = async () => {
    const tokens = [await e2e.token(DEMO.ayse), await e2e.token(DEMO.moderator), await e2e.token(DEMO.admin)];
    let replyToId: string | undefined;
    for (const [i, content] of THREAD.entries()) {
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content, ...(replyToId ? { replyToId } : {}) }, token: tokens[i % 3] });
      expect(created.status).toBe(201);
      replyToId = created.body.post.id;
    }
    return `/post/${replyToId}`;
  };
  /** The reported member of the safety screens. */
  const deniz = { username: 'deniz', displayName: 'Deniz Kaya', email: 'deniz@ornek.com', password: 'gizli123' };
  let reportedPostPath = '';
  const makeSafetyCase = async () => {
    const [admin, moderator, ayse] = [await e2e.token(DEMO.admin), await e2e.token(DEMO.moderator), await e2e.token(DEMO.ayse)];
    const rules = ['Saygılı olun; kişilere değil fikirlere karşı çıkın.', 'Spam ve reklam yapmayın.', 'Başkalarının kişisel bilgilerini paylaşmayın.', 'Şiddet ve nefret söylemine yer yok.'];
    expect((await e2e.api('/api/admin/rules', { method: 'PUT', body: { rules: rules.map((text) => ({ text })) }, token: admin })).status).toBe(200);
    const saved = await e2e.api<{ rules: { id: string; text: string }[] }>('/api/rules');
    const spamRule = saved.body.rules.find((r) => r.text === rules[1])!.id;
    expect((await e2e.api('/api/auth/register', { body: deniz })).status).toBe(201);
    const denizToken = await e2e.token(deniz);
    const post = await e2e.api<{ post: { id: string; userId: string } }>('/api/posts', { body: { content: 'Ucuz takipçi paketi! 1000 takipçi sadece 50 TL, hemen DM atın' }, token: denizToken });
    expect(post.status).toBe(201);
    reportedPostPath = `/post/${post.body.post.id}`;
    const report = await e2e.api('/api/reports', {
      body: { targetType: 'post', targetId: post.body.post.id, category: 'spam', ruleId: spamRule, comment: 'Takipçi satışı yapıyor, ikinci kez görüyorum.' },
      token: ayse,
    });
    expect(report.status).toBe(201);
    const action = await e2e.api<{ action: { id: string } }>(`/api/admin/users/${post.body.post.userId}/actions`, {
      body: { kind: 'warn', reason: 'Tekrarlanan reklam gönderileri.', ruleId: spamRule },
      token: moderator,
    });
    expect(action.status).toBe(201);
    expect((await e2e.api(`/api/moderation/notices/${action.body.action.id}/appeal`, { body: { text: 'Reklam değil, kendi dükkânımın duyurusuydu.' }, token: denizToken })).status).toBe(201);
    // Ayşe mutes an account and two words (shown on her settings page).
    expect((await e2e.api(`/api/users/${post.body.post.userId}/mute`, { method: 'PUT', token: ayse })).status).toBe(200);
    for (const [word, days] of [
      ['sessizkelime', null],
      ['#spoiler', 7],
    ] as const) {
      expect((await e2e.api('/api/users/muted-words', { body: { word, days }, token: ayse })).status).toBe(201);
    }
    for (const width of [1400, 390]) {
      const { page } = await e2e.newPage({ width, height: width === 390 ? 844 : 900 });
      await e2e.signIn(page, deniz);
      pages[width].reported = page;
    }
  };
  beforeAll(async () => {
    e2e = await startE2E();
    mkdirSync(OUT, { recursive: true });

    for (const [width, height] of [
      [1400, 900],
      [390, 844],
    ]) {
      const set: Record<string, Page> = {};
      for (const who of ['guest', 'member', 'admin', 'english'] as const) {
        const { page } = await e2e.newPage({ width, height, locale: who === 'english' ? 'en-US' : 'tr-TR' });
        if (who === 'member') await e2e.signIn(page, DEMO.ayse);
        if (who === 'admin') await e2e.signIn(page, DEMO.admin);
        if (who === 'english') await e2e.signIn(page, DEMO.moderator);
        set[who] = page;
      }
      pages[width] = set;
    }
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each(SCREENS.flatMap((s) => [1400, 390].map((width) => ({ ...s, width }))))('$name at $width px', async ({ name, path, ready, as, width, dark }) => {
    if (name === 'thread' && !threadPath) threadPath = await makeThread();
    if (name === 'rules' && !reportedPostPath) await makeSafetyCase();
    const page = pages[width][as];
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.goto(name === 'thread' ? threadPath : name === 'report-dialog' ? reportedPostPath : path);
    if (name === 'post') {
      await page.getByText(ready).filter({ visible: true }).first().click();
      await page.waitForURL(/\/post\//);
    }
    if (name === 'moderation-desk') {
      // The queue with its case opened: the report, the reporter's comment, the account's history.
      await page.getByTestId('moderation-case').filter({ hasText: 'Ucuz takipçi paketi' }).first().click();
    }
    if (name === 'report-dialog') {
      // Muted by Ayşe by now, but a post link still opens (a mute hides feeds, not links).
      await postMenuButton(page.getByRole('article').filter({ hasText: 'Ucuz takipçi paketi' }).first()).click();
      await page.getByRole('menuitem', { name: 'Bildir', exact: true }).click();
      await page.getByRole('dialog', { name: ready }).getByRole('radio', { name: 'İstenmeyen içerik (spam)' }).check();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    }
    await page.getByText(ready).filter({ visible: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/yüklenemedi|Bağlantı hatası|could not be loaded|Connection error/).count()).toBe(0);
    if (name === 'muted') await page.getByRole('heading', { name: 'Sessize alınanlar' }).scrollIntoViewIfNeeded();
    if (name === 'thread') {
      // It opens at the reply (the thread above it out of view): a little up, so the picture shows both.
      await page.waitForFunction(() => window.scrollY > 0);
      await page.evaluate(() => window.scrollBy(0, -280));
    }
    // Really drawn dark: the page's background is the dark theme's (global.css --bg).
    if (dark) expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 15, 20)');
    // Really English: the document's language and no Turkish nav.
    if (as === 'english') {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByRole('link', { name: 'Anasayfa' }).count()).toBe(0);
    }
    const file = join(OUT, `${name}-${width === 390 ? 'mobile' : 'desktop'}.png`);
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    if (process.env.UPDATE_DOCS === '1') {
      mkdirSync(DOCS, { recursive: true });
      copyFileSync(file, join(DOCS, `${name}-${width === 390 ? 'mobile' : 'desktop'}.png`));
    }
  });
});
