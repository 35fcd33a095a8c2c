import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** Test images, made here with sharp (no binary fixtures in the repository). */

/** A JPEG of `width` × `height` with EXIF orientation 6 (rotate 90° clockwise), a camera make and a GPS position. */
export function jpegWithExif(width = 4000, height = 3000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'GundemKamera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' } })
    .jpeg()
    .toBuffer();
}

export function png(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** An animated GIF of `frames` frames, `width` × `height` each. */
export async function animatedGif(frames = 3, width = 60, height = 40): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: { r: (i * 80) % 256, g: 40, b: 90 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: pages.map(() => 100) })
    .toBuffer();
}

/**
 * A decompression bomb: a PNG whose header says 50,000 × 50,000 (2.5 GP) made of a few KB.
 * Built by hand: the IHDR says the size, one IDAT holds a little zlib data (the decoder never gets
 * that far: the header is refused first).
 */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Files (not the temporary folder) under DATA_DIR/media. */
export function mediaFiles(dataDir: string): string[] {
  const root = join(dataDir, 'media');
  let shards: string[];
  try {
    shards = readdirSync(root);
  } catch {
    return [];
  }
  return shards.filter((s) => s !== '.tmp').flatMap((s) => readdirSync(join(root, s)).map((f) => `${s}/${f}`));
}

/** What is left in the temporary folder (must be nothing between requests). */
export function tempFiles(dataDir: string): string[] {
  try {
    const dir = join(dataDir, 'media', '.tmp');
    return statSync(dir).isDirectory() ? readdirSync(dir) : [];
  } catch {
    return [];
  }
}
