import type { Locator, Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** Journey 3: a member posts, replies, likes, reposts, searches, reads a profile and follows. */
describe('member journey', () => {
  let e2e: E2E;
  let page: Page;
  const mert = { username: 'mert', displayName: 'Mert Demir', email: 'mert@ornek.com', password: 'gizli123' };
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    // Someone ayse does not follow yet, for who-to-follow (the demo accounts follow each other).
    expect((await e2e.api('/api/auth/register', { body: mert })).status).toBe(201);
    await e2e.api('/api/posts', { body: { content: 'Merhaba gündem! #ilkgönderi' }, token: await e2e.token(mert) });
    await e2e.signIn(page, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  // The count sits beside its button (the button's name is only its label).
  const count = async (button: Locator) => Number((await button.locator('xpath=..').innerText()).replace(/\D/g, '') || '0');
  const cardWith = (text: string) => page.getByRole('article').filter({ hasText: text }).first();

  it('posts within the limits shown by the counter', () =>
    withScreenshots('member-post', [page], async () => {
      await page.goto('/');
      const box = page.getByRole('textbox', { name: 'Gönderi metni' });
      const submit = page.getByRole('button', { name: 'Gönder', exact: true });
      const counter = page.getByTestId('char-counter');
      await box.waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await box.fill('   ');
      expect(await submit.isDisabled()).toBe(true);
      await box.fill('a'.repeat(261));
      expect(await counter.getAttribute('data-state')).toBe('warning');
      expect(await page.getByTestId('char-remaining').innerText()).toBe('19');
      await box.fill('x'.repeat(300));
      // Nothing is cut: the count goes below zero in red and the button waits.
      expect((await box.inputValue()).length).toBe(300);
      expect(await page.getByTestId('char-remaining').innerText()).toBe('-20');
      expect(await counter.getAttribute('data-state')).toBe('over');
      expect(await submit.isDisabled()).toBe(true);
      await box.fill('Tarayıcıdan ilk gönderim #e2etest');
      expect(await counter.getAttribute('data-state')).toBe('normal');
      await submit.click();
      await cardWith('Tarayıcıdan ilk gönderim').waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await page.getByRole('article').first().innerText()).toContain('Tarayıcıdan ilk gönderim');
    }));

  it('replies through the modal and the reply count grows', () =>
    withScreenshots('member-reply', [page], async () => {
      await page.goto('/');
      const target = cardWith('Kürk Mantolu Madonna');
      const replyButton = target.getByRole('button', { name: 'Yanıtla' });
      const before = await count(replyButton);
      await replyButton.click();
      const modal = page.getByRole('dialog');
      await modal.getByText('Kürk Mantolu Madonna').first().waitFor();
      await modal.getByRole('textbox').fill('Bence "İçimizdeki Şeytan" da çok iyi.');
      await modal.getByRole('button', { name: 'Yanıtla' }).click();
      await modal.waitFor({ state: 'detached' });
      await cardWith('İçimizdeki Şeytan').waitFor();
      expect(await count(target.getByRole('button', { name: 'Yanıtla' }))).toBe(before + 1);
    }));

  it('toggles like and repost with the server counts', () =>
    withScreenshots('member-like-repost', [page], async () => {
      await page.goto('/');
      const card = cardWith('Boğaz’da gün batımı');
      const like = card.getByRole('button', { name: 'Beğen' });
      const repost = card.getByRole('button', { name: 'Yeniden paylaş' });
      await like.waitFor();
      const likes = await count(like);
      const reposts = await count(repost);
      await like.click();
      await page.waitForFunction(
        ([el, n]) =>
          (el as HTMLElement).getAttribute('aria-pressed') === 'true' &&
          Number(((el as HTMLElement).parentElement?.innerText ?? '').replace(/\D/g, '') || 0) === n,
        [await like.elementHandle(), likes + 1] as const,
      );
      // A second click within 500 ms of the first counts as the same intent (docs/product.md:
      // a double-click sends one request); undoing is a click after that.
      await page.waitForTimeout(600);
      await like.click();
      await page.waitForFunction((el) => (el as HTMLElement).getAttribute('aria-pressed') === 'false', await like.elementHandle());
      expect(await count(like)).toBe(likes);
      await repost.click();
      await page.waitForFunction((el) => (el as HTMLElement).getAttribute('aria-pressed') === 'true', await repost.elementHandle());
      expect(await count(repost)).toBe(reposts + 1);
      // The server agrees after a reload.
      await page.reload();
      expect(await count(cardWith('Boğaz’da gün batımı').getByRole('button', { name: 'Yeniden paylaş' }))).toBe(reposts + 1);
    }));

  it('searches with Turkish case rules', () =>
    withScreenshots('member-search', [page], async () => {
      await page.goto('/explore?q=ışık');
      await cardWith('IŞIK da çıksın').waitFor();
      await page.goto('/explore?q=istanbul');
      await cardWith('İstanbul’da yağmur başladı').waitFor();
      await page.goto('/explore?q=yokboylebirkelime');
      await page.getByText('"yokboylebirkelime" için sonuç bulunamadı').waitFor();
    }));

  it('shows a profile with follower counts and follows from who-to-follow', () =>
    withScreenshots('member-profile-follow', [page], async () => {
      await page.goto('/profile/admin');
      await page.getByRole('heading', { name: /gündem Yönetici/ }).first().waitFor();
      const main = page.getByRole('main');
      await main.getByText(/Takipçi/).first().waitFor();
      expect(await main.innerText()).toMatch(/\d+\s*Takip/);

      await page.goto('/');
      const widget = page.getByRole('complementary').locator('section').filter({ hasText: 'Kimi takip etmeli' });
      const button = widget.getByRole('button', { name: /Takip et/ }).first();
      await button.waitFor();
      await widget.getByText('Mert Demir').waitFor();
      // The button turns at once (before the server answers): wait for the follow's own answer.
      const followed = page.waitForResponse((r) => r.request().method() === 'PUT' && /^\/api\/users\/[^/]+\/follow$/.test(new URL(r.url()).pathname));
      await button.click();
      await widget.getByRole('button', { name: /Takip ediliyor|Takibi bırak/ }).first().waitFor();
      expect((await followed).status()).toBe(200);
      // The server recorded it: mert's profile shows one follower.
      const profile = await e2e.api<{ user: { followersCount: number } }>('/api/users/profile/mert');
      expect(profile.body.user.followersCount).toBe(1);
    }));

  it('bookmarks a post from its ⋯ menu, finds it under Yer işaretleri (axe, wide and at 390 px) and takes it out (issue 27)', () =>
    withScreenshots('member-bookmarks', [page], async () => {
      await page.goto('/profile/mert');
      const card = cardWith('Merhaba gündem!');
      await card.waitFor();
      await postMenuButton(card).click();
      await page.getByRole('menuitem', { name: 'Yer işaretlerine ekle' }).click();
      await page.getByText('Yer işaretlerine eklendi').waitFor();
      // Private: the author's own list is empty, and the author got no notification of it.
      const mertToken = await e2e.token(mert);
      expect((await e2e.api<{ posts: unknown[] }>('/api/bookmarks', { token: mertToken })).body.posts).toEqual([]);

      await page.getByRole('navigation', { name: 'Ana menü' }).first().getByRole('link', { name: 'Yer işaretleri' }).click();
      await page.getByRole('heading', { level: 1, name: 'Yer işaretleri' }).waitFor();
      await cardWith('Merhaba gündem!').waitFor();
      expect(describeViolations(await runAxe(page))).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await cardWith('Merhaba gündem!').waitFor();
      expect(describeViolations(await runAxe(page))).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });

      await postMenuButton(cardWith('Merhaba gündem!')).click();
      await page.getByRole('menuitem', { name: 'Yer işaretlerinden kaldır' }).click();
      await page.getByRole('heading', { name: 'Henüz yer işaretiniz yok' }).waitFor();
      expect(await page.getByRole('article').count()).toBe(0);
    }));

  it('pins an older post from its ⋯ menu: first in Gönderiler under Sabitlenmiş, once (axe), then unpins it (issue 27)', () =>
    withScreenshots('member-pin', [page], async () => {
      const token = await e2e.token(DEMO.ayse);
      await e2e.api('/api/posts', { body: { content: 'Profilimin başındaki gönderi' }, token });
      await e2e.api('/api/posts', { body: { content: 'Ondan sonra yazdığım' }, token });
      await page.goto('/profile');
      const feed = page.getByRole('feed', { name: 'Gönderiler' });
      const top = feed.getByRole('article').first();
      const label = feed.getByText('Sabitlenmiş', { exact: true });
      await top.filter({ hasText: 'Ondan sonra yazdığım' }).waitFor();

      await postMenuButton(cardWith('Profilimin başındaki gönderi')).click();
      await page.getByRole('menuitem', { name: 'Profile sabitle' }).click();
      await page.getByText('Gönderiniz profilinize sabitlendi').waitFor();
      // The list is read again: the pinned post on top under its label, and not again in its place.
      await top.filter({ hasText: 'Sabitlenmiş' }).filter({ hasText: 'Profilimin başındaki gönderi' }).waitFor();
      expect(await label.count()).toBe(1);
      expect(await feed.getByRole('article').filter({ hasText: 'Profilimin başındaki gönderi' }).count()).toBe(1);
      expect(describeViolations(await runAxe(page))).toEqual([]);
      // The server's order, for anyone (a guest here).
      const listed = await e2e.api<{ posts: { content: string; isPinned: boolean }[] }>('/api/posts/user/ayse');
      expect(listed.body.posts[0]).toMatchObject({ content: 'Profilimin başındaki gönderi', isPinned: true });

      await postMenuButton(top).click();
      await page.getByRole('menuitem', { name: 'Sabitlemeyi kaldır' }).click();
      await top.filter({ hasText: 'Ondan sonra yazdığım' }).waitFor();
      expect(await label.count()).toBe(0);
    }));
});
