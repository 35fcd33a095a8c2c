import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/server';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** Where the journey's pictures go, to be looked at (test-results is not committed). */
const OUT = join(repoRoot, 'test-results/screenshots');

/**
 * Issue 27, edit with history, in Chromium against the built server: Ayşe edits her post from its
 * ⋯ menu; the moderator, reading the post in another browser, sees the new text and `düzenlendi`
 * arrive live (post:edited) and opens `Düzenleme geçmişi`. Both dialogs pass axe, wide and at 390 px.
 */
describe('edit with history in Chromium', () => {
  let e2e: E2E;
  let author: Page;
  let reader: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    [author, reader] = await e2e.signedInPair(DEMO.ayse, DEMO.moderator);
    mkdirSync(OUT, { recursive: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('edits a post and a second member’s open page shows the new version live, with its history', () =>
    withScreenshots('post-edit', [author, reader], async () => {
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: 'Bu akşam Kadıköy’de konser var #müzik' }, token: await e2e.token(DEMO.ayse) });
      expect(created.status).toBe(201);
      const path = `/post/${created.body.post.id}`;
      await Promise.all([author.goto(path), reader.goto(path)]);
      // By the post's id: its text changes under the test.
      const byId = (page: Page) => page.locator(`article[data-post-id="${created.body.post.id}"]`).first();
      const readerPost = byId(reader);
      await readerPost.waitFor();
      expect(await readerPost.getByTestId('edited-mark').count()).toBe(0);

      const card = byId(author);
      await postMenuButton(card).click();
      await author.getByRole('menuitem', { name: 'Düzenle' }).click();
      const dialog = author.getByRole('dialog', { name: 'Gönderiyi düzenle' });
      const box = dialog.getByRole('textbox', { name: 'Düzenlenen gönderi metni' });
      expect(await box.inputValue()).toBe('Bu akşam Kadıköy’de konser var #müzik');
      expect(describeViolations(await runAxe(author))).toEqual([]);
      await author.screenshot({ path: join(OUT, 'post-edit-dialog-1280.png') });
      await box.fill('Bu akşam Moda’da konser var, saat 21.00 #müzik');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await author.getByText('Gönderi düzenlendi').waitFor();
      await card.getByText('Moda’da konser var').waitFor();

      // The other browser: the new text and the mark, without a reload.
      await readerPost.getByText('Moda’da konser var').waitFor();
      const mark = readerPost.getByTestId('edited-mark');
      await mark.waitFor();
      expect(await mark.innerText()).toBe('düzenlendi');
      expect(await mark.getAttribute('aria-label')).toMatch(/^Düzenlendi: .+\. Düzenleme geçmişini göster$/);
      await mark.click();
      const history = reader.getByRole('dialog', { name: 'Düzenleme geçmişi' });
      const versions = history.getByTestId('edit-version');
      await versions.nth(1).waitFor();
      expect(await versions.count()).toBe(2);
      expect(await versions.nth(0).innerText()).toContain('Güncel hâli');
      expect(await versions.nth(0).innerText()).toContain('Moda’da konser var');
      expect(await versions.nth(1).innerText()).toContain('Özgün hâli');
      expect(await versions.nth(1).innerText()).toContain('Kadıköy’de konser var');
      expect(describeViolations(await runAxe(reader))).toEqual([]);
      await reader.screenshot({ path: join(OUT, 'post-edit-history-1280.png') });
      await reader.setViewportSize({ width: 390, height: 844 });
      expect(describeViolations(await runAxe(reader))).toEqual([]);
      await reader.screenshot({ path: join(OUT, 'post-edit-history-390.png') });
      // Escape closes it, the focus back on the mark.
      await reader.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      expect(await mark.evaluate((node) => node === document.activeElement)).toBe(true);
      await reader.setViewportSize({ width: 1280, height: 900 });

      // The edit dialog at 390 px, by keyboard: the menu opens with Enter, Düzenle by the arrows.
      await author.setViewportSize({ width: 390, height: 844 });
      await postMenuButton(card).focus();
      await author.keyboard.press('Enter');
      await author.getByRole('menuitem').first().waitFor();
      while (!(await author.getByRole('menuitem', { name: 'Düzenle' }).evaluate((node) => node === document.activeElement))) await author.keyboard.press('ArrowDown');
      await author.keyboard.press('Enter');
      await dialog.waitFor();
      expect(describeViolations(await runAxe(author))).toEqual([]);
      await author.screenshot({ path: join(OUT, 'post-edit-dialog-390.png') });
      await author.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await author.setViewportSize({ width: 1280, height: 900 });
    }));
});
