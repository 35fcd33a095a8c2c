import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { repoRoot } from '../support/server';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/** Where the journey's pictures go, to be looked at (test-results is not committed). */
const OUT = join(repoRoot, 'test-results/screenshots');

/**
 * Issue 27 in Chromium against the built server. Edit with history: Ayşe edits her post from its
 * ⋯ menu; the moderator, reading the post in another browser, sees the new text and `düzenlendi`
 * arrive live (post:edited) and opens `Düzenleme geçmişi`. Quote posts: Ayşe quotes the
 * moderator's post with a picture; the quote shows the card, the quoted post links its
 * `Alıntılar`, and the moderator is notified. Every dialog and page passes axe, wide and at 390 px.
 */
describe('edit with history and quote posts in Chromium', () => {
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

  it('quotes a post with a picture: the card in the feed, the count and Alıntılar on the quoted post, the author notified', () =>
    withScreenshots('post-quote', [author, reader], async () => {
      const modToken = await e2e.token(DEMO.moderator);
      const created = await e2e.api<{ post: { id: string } }>('/api/posts', { body: { content: 'Topluluk kuralları güncellendi, göz atın.' }, token: modToken });
      expect(created.status).toBe(201);
      const quotedId = created.body.post.id;
      await author.setViewportSize({ width: 1280, height: 900 });
      await author.goto(`/post/${quotedId}`);
      const quoted = author.locator(`article[data-post-id="${quotedId}"]`).first();
      await quoted.getByRole('button', { name: 'Alıntıla' }).click();
      const dialog = author.getByRole('dialog', { name: 'Alıntıla' });
      await dialog.getByTestId('quote-card').getByText('Topluluk kuralları güncellendi').waitFor();
      const chooser = author.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Görsel ekle' }).click();
      const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 80, b: 60 } } }).jpeg().toBuffer();
      await (await chooser).setFiles([{ name: 'kural.jpg', mimeType: 'image/jpeg', buffer: picture }]);
      await dialog.getByRole('list', { name: 'Eklenen görseller' }).getByRole('progressbar').first().waitFor({ state: 'detached' });
      await dialog.getByRole('textbox', { name: 'Alıntı metni' }).fill('Herkes okusun, özellikle üçüncü madde önemli.');
      expect(describeViolations(await runAxe(author))).toEqual([]);
      await author.screenshot({ path: join(OUT, 'post-quote-dialog-1280.png') });
      const sent = author.waitForResponse((res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Alıntıla' }).click();
      const answer = (await (await sent).json()) as { post: { id: string; media: unknown[]; quote: { state: string } } };
      expect([answer.post.media.length, answer.post.quote.state]).toEqual([1, 'visible']);
      await author.getByText('Alıntı paylaşıldı').waitFor();
      // The quoted post counts it, and links its Alıntılar.
      await quoted.getByTestId('quote-count').filter({ hasText: '1' }).waitFor();
      await author.getByTestId('quotes-link').click();
      await author.getByRole('heading', { level: 1, name: 'Alıntılar' }).waitFor();
      const quote = author.locator(`article[data-post-id="${answer.post.id}"]`).first();
      await quote.getByText('özellikle üçüncü madde').waitFor();
      await quote.getByTestId('quote-card').getByText('Topluluk kuralları güncellendi').waitFor();
      await quote.getByTestId('media-grid').first().waitFor();
      expect(describeViolations(await runAxe(author))).toEqual([]);
      await author.screenshot({ path: join(OUT, 'post-quotes-page-1280.png') });
      await author.setViewportSize({ width: 390, height: 844 });
      await quote.getByTestId('quote-card').waitFor();
      expect(describeViolations(await runAxe(author))).toEqual([]);
      await author.screenshot({ path: join(OUT, 'post-quotes-page-390.png') });
      await author.setViewportSize({ width: 1280, height: 900 });
      // The card opens the quoted post.
      await quote.getByTestId('quote-card').getByRole('link').click();
      await author.waitForURL(new RegExp(`/post/${quotedId}$`));

      // The moderator is told (the notification is written just after the answer: wait for it).
      const told = async () =>
        (await e2e.api<{ notifications: { type: string; post: { id: string } | null }[] }>('/api/notifications', { token: modToken })).body.notifications.some(
          (n) => n.type === 'quote' && n.post?.id === answer.post.id,
        );
      const deadline = Date.now() + 15_000;
      while (!(await told())) {
        if (Date.now() > deadline) throw new Error('alıntı bildirimi gelmedi');
        await reader.waitForTimeout(100);
      }
    }));
});
