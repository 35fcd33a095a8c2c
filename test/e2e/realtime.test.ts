import type { Page } from 'playwright-core';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** Journey 4: two people in two browser contexts see each other's actions without reloading. */
describe('realtime journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    [a, b] = await e2e.signedInPair(DEMO.admin, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const likeCount = async (page: Page, text: string) => {
    const count = page.getByRole('article').filter({ hasText: text }).first().getByTestId('like-count');
    return Number((await count.innerText()).replace(/\D/g, '') || '0');
  };

  it("B sees A's like count change without reloading", () =>
    withScreenshots('realtime-like', [a, b], async () => {
      const text = 'Günaydın gündem! Bugün neler konuşuyoruz?';
      await b.goto('/');
      await b.getByText(text).waitFor();
      const before = await likeCount(b, text);
      await a.goto('/');
      await a.getByRole('article').filter({ hasText: text }).first().getByRole('button', { name: /Beğen/ }).click();
      await b.waitForFunction(
        ([t, n]) => {
          const article = [...document.querySelectorAll('article')].find((el) => el.textContent?.includes(t as string));
          const like = article?.querySelector('.post-action--like');
          return Number((like?.textContent ?? '').replace(/\D/g, '') || 0) === n;
        },
        [text, before + 1] as const,
        { timeout: 5_000 },
      );
    }));

  it("B's feed shows the new-posts pill after A posts, and it brings the post in", () =>
    withScreenshots('realtime-pill', [a, b], async () => {
      await b.goto('/');
      await b.getByRole('article').first().waitFor();
      await a.goto('/');
      await a.getByRole('textbox', { name: 'Gönderi metni' }).fill('Canlı akış denemesi #e2e');
      await a.getByRole('button', { name: 'Gönder', exact: true }).click();
      const pill = b.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 5_000 });
      // The feed did not jump by itself.
      expect(await b.getByText('Canlı akış denemesi').count()).toBe(0);
      await pill.click();
      await b.getByText('Canlı akış denemesi').first().waitFor();
    }));

  it("B sees A's message arrive in the open conversation without reloading", () =>
    withScreenshots('realtime-message', [a, b], async () => {
      const adminToken = await e2e.token(DEMO.admin);
      const ayse = await e2e.api<{ user: { id: string } }>('/api/users/profile/ayse');
      // A conversation must exist for B to open it from the list.
      expect((await e2e.api('/api/messages/send', { body: { receiverId: ayse.body.user.id, content: 'Merhaba Ayşe!' }, token: adminToken })).status).toBe(201);
      await b.goto('/messages');
      await b.getByText('gündem Yönetici').first().click();
      await b.getByText('Merhaba Ayşe!').first().waitFor();
      // B's live connection is up (its status region is mounted once it has connected).
      await b.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 15_000 });

      // A's conversation with Ayşe open (its own box, not the list's search), the message sent and
      // shown to A: from then on only the push can bring it to B, whose page is not reloaded.
      await a.goto('/messages?user=ayse');
      await a.getByText('Merhaba Ayşe!').first().waitFor();
      const box = a.getByRole('textbox', { name: 'Mesaj', exact: true });
      await box.fill('Canlı mesaj geldi mi?');
      const sent = a.waitForResponse((res) => new URL(res.url()).pathname === '/api/messages/send' && res.request().method() === 'POST');
      await box.press('Enter');
      expect((await sent).status()).toBe(201);
      await b.getByText('Canlı mesaj geldi mi?').first().waitFor({ timeout: 15_000 });
    }));

  // Issue 15: deleting one's own post through its ⋯ menu and the confirm dialog. B (Ayşe) is the
  // author; A's open feed drops the post live (post:deleted), without a reload.
  const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

  it("B deletes her post via ⋯ → Sil → confirm; it leaves A's open feed without a reload", () =>
    withScreenshots('realtime-delete-own-post', [a, b], async () => {
      const text = `Silinecek gönderi ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) });
      expect(created.status).toBe(201);

      await a.goto('/');
      await card(a, text).waitFor();
      // Every post has its ⋯; on B's post A's menu only copies the link, though A is staff.
      await postMenuButton(card(a, text)).click();
      await a.getByRole('menuitem', { name: 'Bağlantıyı kopyala' }).waitFor();
      expect(await a.getByRole('menuitem', { name: 'Sil' }).count()).toBe(0);
      await a.keyboard.press('Escape');
      await a.getByRole('menu').waitFor({ state: 'detached' });
      // Marks this document: a reload would lose it.
      await a.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

      await b.goto('/');
      const mine = card(b, text);
      const more = postMenuButton(mine);
      await more.click();
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      await b.getByRole('menuitem', { name: 'Sil' }).click();
      const dialog = b.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
      await dialog.getByText('Bu işlem geri alınamaz.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Sil', exact: true }).click();

      await mine.waitFor({ state: 'detached', timeout: 5_000 });
      await card(a, text).waitFor({ state: 'detached', timeout: 5_000 });
      expect(await a.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect((await e2e.api(`/api/posts/${created.body.post.id}`)).status).toBe(404);
    }));

  it('B deletes by keyboard on the post page: Escape closes the menu onto ⋯, Vazgeç keeps the post, Sil goes home with a toast', () =>
    withScreenshots('realtime-delete-own-post-keyboard', [b], async () => {
      const text = `Klavyeyle silinen ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) });
      await b.goto(`/post/${created.body.post.id}`);
      const more = postMenuButton(card(b, text));
      await more.focus();
      await b.keyboard.press('Enter');
      await b.getByRole('menuitem', { name: 'Sil' }).waitFor();
      expect(await b.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      await b.keyboard.press('Escape');
      expect(await b.getByRole('menu').count()).toBe(0);
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

      await b.keyboard.press('ArrowDown');
      await b.keyboard.press('Enter');
      const dialog = b.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
      await dialog.waitFor();
      // Vazgeç has the focus: Enter by habit keeps the post.
      await b.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await e2e.api(`/api/posts/${created.body.post.id}`)).status).toBe(200);

      await more.click();
      await b.getByRole('menuitem', { name: 'Sil' }).click();
      await dialog.getByRole('button', { name: 'Sil', exact: true }).click();
      // Opened directly, so no page of the app before it: home, not a "not found" page.
      await b.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
      await b.getByText('Gönderi silindi', { exact: true }).waitFor({ timeout: 5_000 });
      expect(await b.getByText('Gönderi bulunamadı', { exact: true }).count()).toBe(0);
    }));
  it("B deletes her post on her own profile: the header's post count drops by one without a reload", () =>
    withScreenshots('realtime-delete-profile-count', [b], async () => {
      const text = `Profilde silinen ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) });
      expect(created.status).toBe(201);
      await b.goto('/profile/ayse');
      const mine = card(b, text);
      await mine.waitFor();
      const count = b.getByText(/^\d+ gönderi$/).first();
      await count.waitFor();
      const before = Number((await count.innerText()).replace(/\D/g, ''));
      expect(before).toBeGreaterThan(0);
      // Marks this document: a reload would lose it.
      await b.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

      await postMenuButton(mine).click();
      await b.getByRole('menuitem', { name: 'Sil' }).click();
      await b.getByRole('dialog', { name: 'Gönderi silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
      await mine.waitFor({ state: 'detached', timeout: 5_000 });
      await b.getByText(`${before - 1} gönderi`, { exact: true }).first().waitFor({ timeout: 5_000 });
      expect(await b.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    }));
});
