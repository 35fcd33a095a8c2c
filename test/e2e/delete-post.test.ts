import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 15: a member deletes their own post through its ⋯ menu and the confirm dialog; another
 * member's open feed drops it live (post:deleted), without a reload.
 */
describe('deleting one’s own post', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: a } = await e2e.newPage());
    ({ page: b } = await e2e.newPage());
    await e2e.signIn(a, DEMO.ayse);
    await e2e.signIn(b, DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

  it('A deletes her post via ⋯ → Sil → confirm; it leaves B’s open feed without a reload', () =>
    withScreenshots('delete-own-post', [a, b], async () => {
      const text = `Silinecek gönderi ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) });
      expect(created.status).toBe(201);

      await b.goto('/');
      await card(b, text).waitFor();
      // B's own post has its ⋯ (the menu has loaded); A's post has none, though B is staff.
      await card(b, 'kısa bir bakım çalışması').first().getByRole('button', { name: 'Daha fazla' }).waitFor();
      expect(await card(b, text).getByRole('button', { name: 'Daha fazla' }).count()).toBe(0);
      // Marks this document: a reload would lose it.
      await b.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

      await a.goto('/');
      const mine = card(a, text);
      const more = mine.getByRole('button', { name: 'Daha fazla' });
      await more.click();
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      await a.getByRole('menuitem', { name: 'Sil' }).click();
      const dialog = a.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
      await dialog.waitFor();
      await dialog.getByText('Bu işlem geri alınamaz.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Sil', exact: true }).click();

      await mine.waitFor({ state: 'detached', timeout: 5_000 });
      await card(b, text).waitFor({ state: 'detached', timeout: 5_000 });
      expect(await b.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect((await e2e.api(`/api/posts/${created.body.post.id}`)).status).toBe(404);
    }));

  it('by keyboard on the post page: Escape closes the menu onto ⋯, Vazgeç keeps the post, Sil shows it gone', () =>
    withScreenshots('delete-own-post-keyboard', [a], async () => {
      const text = `Klavyeyle silinen ${Date.now()}`;
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: text }, token: await e2e.token(DEMO.ayse) });
      await a.goto(`/post/${created.body.post.id}`);
      const more = card(a, text).getByRole('button', { name: 'Daha fazla' });
      await more.focus();
      await a.keyboard.press('Enter');
      await a.getByRole('menuitem', { name: 'Sil' }).waitFor();
      expect(await a.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      await a.keyboard.press('Escape');
      expect(await a.getByRole('menu').count()).toBe(0);
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

      await a.keyboard.press('ArrowDown');
      await a.keyboard.press('Enter');
      const dialog = a.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
      await dialog.waitFor();
      // Vazgeç has the focus: Enter by habit keeps the post.
      await a.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await e2e.api(`/api/posts/${created.body.post.id}`)).status).toBe(200);

      await more.click();
      await a.getByRole('menuitem', { name: 'Sil' }).click();
      await dialog.getByRole('button', { name: 'Sil', exact: true }).click();
      await a.getByText('Gönderi bulunamadı', { exact: true }).waitFor({ timeout: 5_000 });
    }));
});
