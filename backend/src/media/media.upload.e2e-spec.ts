import { request as httpRequest } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_LARGE_MAX, MEDIA_SMALL_WIDTH } from '@gundem/contract';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { animatedGif, jpegWithExif, mediaFiles, png, pngBomb, tempFiles } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SettingsService } from '../settings/settings.service';
import { MEDIA_STATS_MAX_AGE_MS } from './media-stats.service';
import type { User } from '../users/user.entity';

/** POST /api/media and GET /media/<key> (issue 24): real PostgreSQL, real files under DATA_DIR/media. */
describe('uploading a picture (real PostgreSQL, real files)', () => {
  let t: TestApp;
  let member: User;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp();
    member = await t.createUser();
    auth = `Bearer ${await t.tokenFor(member)}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (bytes: Buffer, filename = 'resim.jpg', contentType = 'image/jpeg') =>
    t.http.post('/api/media').set('authorization', auth).attach('file', bytes, { filename, contentType });
  const rows = async () => Number((await t.db.query('SELECT count(*)::int AS n FROM media_attachments'))[0].n);
  const fileOf = (url: string) => readFileSync(join(t.config.dataDir, url.replace(/^\/media\//, 'media/')));

  it('a 12 MP JPEG with EXIF orientation 6 and GPS: two WebPs, turned upright, no metadata, a placeholder of its ratio', async () => {
    const jpeg = await jpegWithExif(4000, 3000);
    expect(jpeg.includes('GundemKamera')).toBe(true);
    const res = await upload(jpeg).expect(201);
    const media = res.body;
    expect(media).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'image',
      // Orientation 6: the 4000 × 3000 landscape is 3000 × 4000 upright.
      small: { url: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/), width: MEDIA_SMALL_WIDTH, height: Math.round((MEDIA_SMALL_WIDTH * 4) / 3) },
      large: { url: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/), width: 1536, height: MEDIA_LARGE_MAX },
      still: null,
      width: 1536,
      height: MEDIA_LARGE_MAX,
      placeholder: expect.any(String),
      alt: null,
    });
    for (const variant of [media.small, media.large]) {
      const bytes = fileOf(variant.url);
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, icc: meta.icc, xmp: meta.xmp }).toEqual({
        format: 'webp',
        width: variant.width,
        height: variant.height,
        exif: undefined,
        icc: undefined,
        xmp: undefined,
      });
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.includes('GundemKamera')).toBe(false);
    }
    const ratio = thumbHashToApproximateAspectRatio(Buffer.from(media.placeholder, 'base64'));
    expect(Math.abs(ratio - 3 / 4)).toBeLessThan(0.1);
    // The original was not stored: only the two variants.
    expect(mediaFiles(t.config.dataDir)).toEqual(expect.arrayContaining([media.small.url.slice(7), media.large.url.slice(7)]));
    expect(tempFiles(t.config.dataDir)).toEqual([]);
    const [row] = await t.db.query('SELECT owner_id, post_id, bytes FROM media_attachments WHERE id = $1', [media.id]);
    expect(row.owner_id).toBe(member.id);
    expect(row.post_id).toBeNull();
    expect(Number(row.bytes)).toBe(fileOf(media.small.url).length + fileOf(media.large.url).length);
  });

  it('a small PNG is never enlarged; its name and Content-Type do not matter', async () => {
    const res = await upload(await png(300, 200), 'belge.pdf', 'application/pdf').expect(201);
    expect(res.body).toMatchObject({ type: 'image', small: { width: 300, height: 200 }, large: { width: 300, height: 200 }, width: 300, height: 200 });
  });

  it('an animated GIF stays animated (every frame), with a still of its first frame', async () => {
    const res = await upload(await animatedGif(3, 60, 40), 'kedi.gif', 'image/gif').expect(201);
    expect(res.body).toMatchObject({ type: 'animated', large: { width: 60, height: 40 }, small: { width: 60, height: 40 }, still: { width: 60, height: 40 } });
    const large = await sharp(fileOf(res.body.large.url), { animated: true }).metadata();
    expect({ format: large.format, pages: large.pages }).toEqual({ format: 'webp', pages: 3 });
    const still = await sharp(fileOf(res.body.still.url)).metadata();
    expect({ format: still.format, pages: still.pages ?? 1 }).toEqual({ format: 'webp', pages: 1 });
  });

  describe('bad input: a Turkish 4xx, nothing in the table or under DATA_DIR/media', () => {
    const UNSUPPORTED = 'Bu dosya türü desteklenmiyor. JPEG, PNG, WebP, GIF ya da AVIF biçiminde bir görsel yükleyin.';
    const UNREADABLE = 'Görsel okunamadı: dosya bozuk ya da eksik olabilir.';
    const cases: [string, () => Promise<Buffer> | Buffer, number, string][] = [
      ['an SVG with a script', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'), 415, UNSUPPORTED],
      ['HTML named .jpg', () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 415, UNSUPPORTED],
      ['a PDF named .jpg', () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'), 415, UNSUPPORTED],
      ['zero bytes', () => Buffer.alloc(0), 400, 'Görsel dosyası boş.'],
      ['a truncated JPEG', async () => (await jpegWithExif(800, 600)).subarray(0, 2000), 422, UNREADABLE],
      ['a GIF header followed by HTML (a polyglot)', () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]), 422, UNREADABLE],
      ['a 50,000 × 50,000 PNG bomb of a few bytes', () => pngBomb(), 422, 'Görselin çözünürlüğü çok yüksek. Lütfen daha küçük bir görsel yükleyin.'],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const before = { rows: await rows(), files: mediaFiles(t.config.dataDir).length };
      const res = await upload(await make());
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message, statusCode: status });
      expect({ rows: await rows(), files: mediaFiles(t.config.dataDir).length }).toEqual(before);
      expect(tempFiles(t.config.dataDir)).toEqual([]);
    });

    it('a guest: 401 in Turkish', async () => {
      const res = await t.http.post('/api/media').attach('file', await png(), 'a.png');
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).toMatch(/[ğüşıöçİ]/i);
    });

    it('no file, a file in another field, two files: 400', async () => {
      const none = await t.http.post('/api/media').set('authorization', auth).field('alt', 'x');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Lütfen `file` alanında bir görsel gönderin.');
      const two = await t.http
        .post('/api/media')
        .set('authorization', auth)
        .attach('file', await png(), 'a.png')
        .attach('file', await png(), 'b.png');
      expect(two.status).toBe(400);
      expect(two.body).toEqual({ message: 'Bir istekte yalnızca bir görsel yükleyebilirsiniz.', statusCode: 400 });
      const other = await t.http.post('/api/media').set('authorization', auth).attach('resim', await png(), 'a.png');
      expect(other.status).toBe(400);
    });

    it('over maxFileSize: 413, cut at the limit (nothing stored)', async () => {
      // 1.5 MB of noise as a PNG does not compress: over the setting's 1 MB minimum.
      await t.db.query('UPDATE settings SET max_file_size = 1048576');
      t.app.get(SettingsService).invalidate();
      const noise = Buffer.alloc(1_500_000);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const before = await rows();
      const res = await upload(noise, 'buyuk.png', 'image/png');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'Görsel en fazla 1 MB olabilir.', statusCode: 413 });
      expect(await rows()).toBe(before);
    });

    it('a Content-Length over maxFileSize: 413 before the body is sent', async () => {
      const url = new URL(await t.listen());
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: url.hostname, port: url.port, path: '/api/media', method: 'POST', headers: { authorization: auth, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) } },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // Only the headers and the first line: the server must answer without waiting for 100 MB.
        req.write('--x\r\n');
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toMatch(/^Görsel en fazla .* MB olabilir\.$/);
    });
  });

  describe('GET /media/<key>', () => {
    it('serves the WebP immutable, typed and nosniff; 404 in Turkish for unknown keys and any path traversal', async () => {
      const media = (await upload(await png(120, 80), 'a.png', 'image/png').expect(201)).body;
      const res = await t.http.get(media.large.url).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.body as Buffer).metadata()).format).toBe('webp');

      // A file beside DATA_DIR/media that a traversal would reach.
      writeFileSync(join(t.config.dataDir, 'gizli.txt'), 'GIZLI-ICERIK');
      const shard = media.large.url.split('/')[2];
      for (const path of [
        '/media/00/' + '0'.repeat(64) + '.webp',
        '/media/..%2fgizli.txt',
        '/media/../gizli.txt',
        `/media/${shard}/..%2f..%2fgizli.txt`,
        '/media/%2e%2e/gizli.txt',
        '/media/%2e%2e%2fgizli.txt',
        '/media/x.webp',
      ]) {
        const miss = await t.http.get(path);
        expect({ path, status: miss.status }).toEqual({ path, status: 404 });
        expect(String(miss.text ?? '')).not.toContain('GIZLI-ICERIK');
      }
      const unknown = await t.http.get('/media/00/' + '0'.repeat(64) + '.webp');
      expect(unknown.body).toEqual({ message: 'Dosya bulunamadı.', statusCode: 404 });
    });
  });

  describe('GET /api/media/limits', () => {
    it('answers the settings a compose box checks before uploading, as they are now; guests get 401', async () => {
      const before = await t.db.query('SELECT max_images_per_post, max_file_size FROM settings');
      try {
        await t.db.query('UPDATE settings SET max_images_per_post = 4, max_file_size = 5242880');
        t.app.get(SettingsService).invalidate();
        expect((await t.http.get('/api/media/limits').set('authorization', auth).expect(200)).body).toEqual({ maxImagesPerPost: 4, maxFileSize: 5 * 1024 * 1024 });
        await t.db.query('UPDATE settings SET max_images_per_post = 2, max_file_size = 1048576');
        t.app.get(SettingsService).invalidate();
        expect((await t.http.get('/api/media/limits').set('authorization', auth).expect(200)).body).toEqual({ maxImagesPerPost: 2, maxFileSize: 1048576 });
        const guest = await t.http.get('/api/media/limits');
        expect(guest.status).toBe(401);
      } finally {
        await t.db.query('UPDATE settings SET max_images_per_post = $1, max_file_size = $2', [before[0].max_images_per_post, before[0].max_file_size]);
        t.app.get(SettingsService).invalidate();
      }
    });
  });

  describe('PATCH /api/media/:id', () => {
    it('the owner sets and clears the alt text; another member gets 404; over 1500 characters is a 400', async () => {
      const media = (await upload(await png(), 'a.png', 'image/png').expect(201)).body;
      const set = await t.http.patch(`/api/media/${media.id}`).set('authorization', auth).send({ alt: '  Galata Kulesi, gün batımında  ' }).expect(200);
      expect(set.body).toMatchObject({ id: media.id, alt: 'Galata Kulesi, gün batımında' });
      const other = await t.createUser();
      const theirs = await t.http.patch(`/api/media/${media.id}`).set('authorization', `Bearer ${await t.tokenFor(other)}`).send({ alt: 'benim' });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ message: 'Görsel bulunamadı.', statusCode: 404 });
      const long = await t.http.patch(`/api/media/${media.id}`).set('authorization', auth).send({ alt: 'ş'.repeat(1501) });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ message: 'Açıklama metni en fazla 1500 karakter olabilir.', statusCode: 400 });
      await t.http.patch(`/api/media/${media.id}`).set('authorization', auth).send({ alt: 'ş'.repeat(1500) }).expect(200);
      const cleared = await t.http.patch(`/api/media/${media.id}`).set('authorization', auth).send({ alt: null }).expect(200);
      expect(cleared.body.alt).toBeNull();
      const bad = await t.http.patch(`/api/media/${media.id}`).set('authorization', auth).send({ alt: 5 });
      expect(bad.status).toBe(400);
    });
  });
});

describe('the back-office dashboard counts the stored pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('files and bytes under DATA_DIR/media', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const auth = `Bearer ${await t.tokenFor(admin)}`;
    const before = (await t.http.get('/api/admin/dashboard').set('authorization', auth).expect(200)).body.statistics.media;
    expect(before).toEqual({ files: 0, bytes: 0, measuredAt: expect.any(String) });
    const media = (await t.http.post('/api/media').set('authorization', auth).attach('file', await png(500, 300), 'a.png').expect(201)).body;
    // The figure is kept for MEDIA_STATS_MAX_AGE_MS (media-stats.e2e-spec.ts); one that old is measured again.
    await t.db.query(`UPDATE media_stats SET measured_at = measured_at - $1::float8 * interval '1 millisecond'`, [MEDIA_STATS_MAX_AGE_MS]);
    const after = (await t.http.get('/api/admin/dashboard').set('authorization', auth).expect(200)).body.statistics.media;
    const bytes = mediaFiles(t.config.dataDir).reduce((sum, key) => sum + readFileSync(join(t.config.dataDir, 'media', key)).length, 0);
    expect(after).toEqual({ files: 2, bytes, measuredAt: expect.any(String) });
    expect(media.type).toBe('image');
  });
});
