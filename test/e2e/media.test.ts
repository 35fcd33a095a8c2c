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

/** A 1200 × 800 JPEG with a camera make in its EXIF: the server must strip it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 110, b: 170 } } })
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

  it('uploads a photo with alt text, delivers it live to another member and opens it in the viewer', () =>
    withScreenshots('media-post', [author.page, reader.page], async () => {
      const { page } = author;
      await e2e.signIn(page, DEMO.ayse);
      await e2e.signIn(reader.page, DEMO.moderator);
      await reader.page.getByRole('article').first().waitFor();

      // The picker: the button opens the system's file chooser.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Görsel ekle' }).first().click();
      await (await chooser).setFiles({ name: 'deniz.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      const attachments = page.getByRole('list', { name: 'Eklenen görseller' });
      await attachments.getByRole('img', { name: 'Görsel 1' }).waitFor();
      // Uploaded: the progress bar is gone and the post button no longer waits.
      await attachments.getByRole('progressbar').waitFor({ state: 'detached' });

      await attachments.getByRole('button', { name: 'ALT: görsel 1 için açıklama' }).click();
      const altDialog = page.getByRole('dialog', { name: 'Görsel açıklaması' });
      await altDialog.getByLabel('Açıklama').fill('Mavi bir deniz');
      await altDialog.getByRole('button', { name: 'Kaydet' }).click();
      await altDialog.waitFor({ state: 'detached' });

      await page.getByRole('textbox', { name: 'Gönderi metni' }).fill('Bugün deniz #mavi');
      await page.getByRole('button', { name: 'Gönder', exact: true }).click();
      const mine = page.getByRole('article').filter({ hasText: 'Bugün deniz' }).first();
      await mine.getByRole('img', { name: 'Mavi bir deniz' }).waitFor();
      await expectClean(author);

      // The reader's feed: the live pill, then the card with the picture's box at 3:2.
      await reader.page.getByRole('button', { name: /1 yeni gönderi/ }).click();
      const card = reader.page.getByRole('article').filter({ hasText: 'Bugün deniz' }).first();
      const image = card.getByRole('img', { name: 'Mavi bir deniz' });
      await image.waitFor();
      const box = await card.getByTestId('media-box').boundingBox();
      expect(box).not.toBeNull();
      expect(Math.abs(box!.width / box!.height - 1.5)).toBeLessThan(0.05);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // Card size and viewer size both offered; the bytes are WebP from /media.
      const srcset = (await image.getAttribute('srcset')) ?? '';
      expect(srcset).toMatch(/\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp 400w, \/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp 1200w/);
      await reader.page.waitForFunction((name) => {
        const img = [...document.querySelectorAll('img')].find((i) => i.alt === name);
        return img !== undefined && img.complete && img.naturalWidth > 0;
      }, 'Mavi bir deniz');
      await expectClean(reader);

      // The viewer: opened from the picture, Esc closes it and gives focus back to the picture.
      const opener = card.getByRole('button', { name: /Görsel 1\/1|Mavi bir deniz/ }).first();
      await opener.click();
      const viewer = reader.page.getByRole('dialog', { name: /Görsel 1\/1/ });
      await viewer.waitFor();
      await viewer.getByText('Mavi bir deniz').first().waitFor();
      expect(describeViolations(await runAxe(reader.page))).toEqual([]);
      await reader.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectClean(reader);

      // What the server stored: two WebP files, neither carrying the camera's EXIF.
      const stored = filesUnder(join(e2e.server.dataDir, 'media')).filter((path) => path.endsWith('.webp'));
      expect(stored).toHaveLength(2);
      for (const path of stored) {
        const meta = await sharp(path).metadata();
        expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'webp', exif: undefined });
      }
    }));
});
