import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describeViolations, runAxe } from './axe';
import { expectClean, watchedPage, type Watched } from './csp-watch';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Pictures in posts (issue 24) in Chromium against the built server, under the app's CSP: a member
 * attaches a photo by the file picker, writes its alt text, posts it; another member's open feed
 * gets the post live, paints its placeholder in a box of the photo's ratio, and opens the viewer,
 * which Esc closes with focus back on the picture. The stored files carry no EXIF.
 */

/** A JPEG (1200 × 800 unless told) with a camera make in its EXIF: the server must strip it. */
function photo(width = 1200, height = 800, background = { r: 30, g: 110, b: 170 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .withExif({ IFD0: { Make: 'GundemKamera' } })
    .jpeg()
    .toBuffer();
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('pictures in posts in Chromium', () => {
  let e2e: E2E;
  let author: Watched;
  let reader: Watched;
  beforeAll(async () => {
    e2e = await startE2E();
    author = await watchedPage(e2e);
    reader = await watchedPage(e2e, { width: 390, height: 844 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('uploads two photos with alt text, delivers them live to another member and walks them in the viewer', () =>
    withScreenshots('media-post', [author.page, reader.page], async () => {
      const { page } = author;
      await e2e.signIn(page, DEMO.ayse);
      await e2e.signIn(reader.page, DEMO.moderator);
      await reader.page.getByRole('article').first().waitFor();

      // The picker: the button opens the system's file chooser; two files at once.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Görsel ekle' }).first().click();
      await (await chooser).setFiles([
        { name: 'deniz.jpg', mimeType: 'image/jpeg', buffer: await photo() },
        { name: 'orman.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 800, { r: 40, g: 150, b: 70 }) },
      ]);
      const attachments = page.getByRole('list', { name: 'Eklenen görseller' });
      await attachments.getByRole('img', { name: 'Görsel 2' }).waitFor();
      // Uploaded: the progress bars are gone and the post button no longer waits.
      await attachments.getByRole('progressbar').first().waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);

      for (const [position, text] of [[1, 'Mavi bir deniz'], [2, 'Yeşil bir orman']] as const) {
        await attachments.getByRole('button', { name: `ALT: görsel ${position} için açıklama` }).click();
        const altDialog = page.getByRole('dialog', { name: 'Görsel açıklaması' });
        await altDialog.getByLabel('Açıklama').fill(text);
        if (position === 1) expect(describeViolations(await runAxe(page))).toEqual([]);
        await altDialog.getByRole('button', { name: 'Kaydet' }).click();
        await altDialog.waitFor({ state: 'detached' });
      }
      // The compose box with its pictures passes axe too.
      expect(describeViolations(await runAxe(page))).toEqual([]);

      await page.getByRole('textbox', { name: 'Gönderi metni' }).fill('Bugün deniz ve orman #mavi');
      await page.getByRole('button', { name: 'Gönder', exact: true }).click();
      const mine = page.getByRole('article').filter({ hasText: 'Bugün deniz' }).first();
      await mine.getByRole('img', { name: 'Yeşil bir orman' }).waitFor();
      await expectClean(author);

      // The reader's feed: the live pill, then the card with two boxes side by side.
      await reader.page.getByRole('button', { name: /1 yeni gönderi/ }).click();
      const card = reader.page.getByRole('article').filter({ hasText: 'Bugün deniz' }).first();
      const image = card.getByRole('img', { name: 'Mavi bir deniz' });
      await image.waitFor();
      // Both boxes are measured in one task: the pill scrolls the feed smoothly to the top, so two
      // separate reads would each see another frame of that scroll.
      const boxes = await card
        .getByTestId('media-box')
        .evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes).toHaveLength(2);
      expect(boxes.every((box) => box.width > 100 && box.x + box.width <= 390)).toBe(true);
      expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(1);
      // Card size and viewer size both offered; the bytes are WebP from /media.
      const srcset = (await image.getAttribute('srcset')) ?? '';
      expect(srcset).toMatch(/\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp 400w, \/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp 1200w/);
      await reader.page.waitForFunction((name) => {
        const img = [...document.querySelectorAll('img')].find((i) => i.alt === name);
        return img !== undefined && img.complete && img.naturalWidth > 0;
      }, 'Mavi bir deniz');
      await expectClean(reader);

      // The viewer: opened from the first picture, → to the second, Esc closes it and gives focus
      // back to the picture it was opened from.
      const opener = card.getByRole('button', { name: /Görsel 1\/2|Mavi bir deniz/ }).first();
      await opener.click();
      await reader.page.getByRole('dialog', { name: 'Görsel 1/2' }).getByText('Mavi bir deniz').first().waitFor();
      expect(describeViolations(await runAxe(reader.page))).toEqual([]);
      await reader.page.keyboard.press('ArrowRight');
      const second = reader.page.getByRole('dialog', { name: 'Görsel 2/2' });
      await second.getByText('Yeşil bir orman').first().waitFor();
      await reader.page.keyboard.press('Escape');
      await second.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectClean(reader);

      // What the server stored: two WebP files a picture, none carrying the camera's EXIF.
      const stored = filesUnder(join(e2e.server.dataDir, 'media')).filter((path) => path.endsWith('.webp'));
      expect(stored).toHaveLength(4);
      for (const path of stored) {
        const meta = await sharp(path).metadata();
        expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'webp', exif: undefined });
      }
    }));

  it('shows a sensitive post’s picture blurred until the reader reveals it', () =>
    withScreenshots('media-sensitive', [author.page, reader.page], async () => {
      const { page } = author;
      await page.goto('/');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Görsel ekle' }).first().click();
      await (await chooser).setFiles({ name: 'yara.jpg', mimeType: 'image/jpeg', buffer: await photo(600, 600, { r: 180, g: 20, b: 20 }) });
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      await page.getByRole('switch', { name: 'Hassas içerik' }).check();
      await page.getByRole('textbox', { name: 'Gönderi metni' }).fill('Dikkat, hassas görsel');
      await page.getByRole('button', { name: 'Gönder', exact: true }).click();
      await page.getByRole('article').filter({ hasText: 'Dikkat, hassas görsel' }).first().waitFor();

      await reader.page.goto('/');
      const card = reader.page.getByRole('article').filter({ hasText: 'Dikkat, hassas görsel' }).first();
      const reveal = card.getByRole('button', { name: 'Hassas içerik — göster' });
      await reveal.waitFor();
      expect(await card.getByRole('img').count()).toBe(0);
      await reveal.click();
      await card.getByRole('img', { name: /Görsel 1\/1|açıklaması yok/ }).or(card.locator('img[data-no-alt]')).first().waitFor();
      await expectClean(reader);
    }));

  it('puts a new profile photo on the member’s cards and sidebar in place of the initial', () =>
    withScreenshots('media-avatar', [author.page, reader.page], async () => {
      const { page } = author;
      await page.goto('/settings');
      const control = page.getByTestId('profile-image-avatar');
      const chooser = page.waitForEvent('filechooser');
      await control.getByRole('button', { name: 'Fotoğraf seç' }).click();
      await (await chooser).setFiles({ name: 'ben.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 600, { r: 240, g: 180, b: 40 }) });
      await control.getByRole('button', { name: 'Kaldır' }).waitFor();
      // The sidebar's card shows the photo at once, a 400 × 400 square from /media.
      const sidebarPhoto = page.locator('aside.left-sidebar img[src^="/media/"]').first();
      await sidebarPhoto.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('aside.left-sidebar img[src^="/media/"]');
        return img !== null && img.complete && img.naturalWidth === 400 && img.naturalHeight === 400;
      });
      await expectClean(author);

      // Another member's feed: the author's posts carry the photo instead of the initial.
      await reader.page.goto('/');
      const card = reader.page.getByRole('article').filter({ hasText: 'Bugün deniz ve orman' }).first();
      await card.locator('img[src^="/media/"]').first().waitFor();
      expect(await card.getByTestId('avatar').first().evaluate((el) => el.querySelector('img')?.getAttribute('src') ?? null)).toMatch(/^\/media\//);
      await expectClean(reader);
    }));

  it('shows pictures on the profile’s Medya tab, in notifications and on the staff’s posts list, each clean under axe', () =>
    withScreenshots('media-screens', [author.page, reader.page], async () => {
      const { page } = author;
      // The settings screen with the photo control, after the upload above.
      await page.goto('/settings');
      await page.getByTestId('profile-image-avatar').getByRole('button', { name: 'Kaldır' }).waitFor();
      expect(describeViolations(await runAxe(page))).toEqual([]);

      await page.goto('/profile?tab=media');
      const tab = page.getByRole('tabpanel');
      await tab.getByRole('img', { name: 'Yeşil bir orman' }).waitFor();
      expect(await tab.getByRole('article').filter({ hasNotText: 'Dikkat, hassas görsel' }).filter({ hasNotText: 'Bugün deniz' }).count()).toBe(0);
      expect(describeViolations(await runAxe(page))).toEqual([]);
      await expectClean(author);

      // The moderator likes the post with pictures: the author's notification previews them.
      const card = reader.page.getByRole('article').filter({ hasText: 'Bugün deniz ve orman' }).first();
      await card.getByRole('button', { name: /Beğen/ }).first().click();
      await page.goto('/notifications');
      await page.locator('img.notification__thumb[alt="Mavi bir deniz"]').waitFor();
      expect(describeViolations(await runAxe(page))).toEqual([]);

      // The staff's posts list: thumbnails with their alt text and the sensitive badge.
      await reader.page.goto('/admin/posts');
      const row = reader.page.getByRole('row').filter({ hasText: 'Dikkat, hassas görsel' }).first();
      await row.getByText('Hassas', { exact: true }).waitFor();
      await reader.page.getByRole('row').filter({ hasText: 'Bugün deniz ve orman' }).first().getByRole('img', { name: 'Yeşil bir orman' }).waitFor();
      expect(describeViolations(await runAxe(reader.page))).toEqual([]);
      await expectClean(reader);
    }));
});
