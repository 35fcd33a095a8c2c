import { availableParallelism } from 'node:os';
import { MEDIA_LARGE_MAX, MEDIA_MAX_FRAMES, MEDIA_SMALL_WIDTH } from '@gundem/contract';
import { ServiceUnavailableException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { SERVER_BUSY } from '../common/common.texts';
import { Semaphore } from '../common/concurrency/semaphore';
import { MEDIA_TOO_MANY_PIXELS, MEDIA_UNREADABLE, MEDIA_UNSUPPORTED, mediaTooManyFrames } from './media.texts';

/** One WebP the processor made, and its size (per frame for an animation). */
export interface ProcessedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  type: 'image' | 'animated';
  small: ProcessedVariant;
  large: ProcessedVariant;
  /** An animation's first frame (for `prefers-reduced-motion`); null for a still image. */
  still: ProcessedVariant | null;
  /** ThumbHash of the image (≤ 100 × 100 RGBA), base64. */
  placeholder: string;
}

/**
 * What the bytes are (never the name or the Content-Type the client gave), and the format libvips
 * must then find in them: a file whose magic says PNG but whose body libvips reads as something
 * else is refused.
 */
const ACCEPTED: Record<string, string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['heif'],
  // HEIC reads only where libvips has an HEVC decoder; sharp's prebuilt libheif has none (AVIF only), so it is refused as unsupported there.
  'image/heic': ['heif'],
  'image/heif': ['heif'],
};

/**
 * Images processed at once on a node: at most 2 (libuv's pool has 4 threads and the web requests
 * need some), and one core fewer than the node has, so a core is always left for the event loop.
 * On 2 cores, two decodes kept both busy and the loop's thread waited for one: 8 uploads at once
 * gave a loop delay p99 of 44–58 ms with two decodes against 26–50 ms with one, in the same run
 * (docs/performance.md#pictures-issue-24). One decode at a time costs the burst its throughput
 * (about 1.2× longer for 8 at once), not any single upload its time.
 */
export const MEDIA_PROCESSING_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * An upload that waited this long for its turn gets a 503 rather than waiting on: long enough for
 * a burst of 8 × 24 MP uploads decoded one at a time on a busy 2-core node (about 2 s each).
 */
export const MEDIA_QUEUE_TIMEOUT_MS = 30_000;

type Sharp = ReturnType<typeof sharp>;
/** What the header says, checked against the limits before any pixel is decoded. */
interface Header {
  width: number;
  pageHeight: number;
  pages: number;
  animated: boolean;
}
type SharpOptions = NonNullable<Parameters<typeof sharp>[1]>;

const LARGE_QUALITY = 82;
const SMALL_QUALITY = 78;
const PLACEHOLDER_MAX = 100;

/**
 * Turns an upload into its WebP variants (docs/architecture.md#media). sharp decodes and encodes
 * on libuv's thread pool, never on the event loop; at most MEDIA_PROCESSING_CONCURRENCY uploads
 * are decoded at once (their raw pixels are the memory they cost), the others queue in a FIFO
 * semaphore and give up with a 503 after MEDIA_QUEUE_TIMEOUT_MS.
 *
 * The output carries no metadata at all (sharp writes none unless asked: no EXIF, GPS, XMP, ICC
 * comments), the EXIF orientation is applied to the pixels, and nothing is ever enlarged. Every
 * refusal is a Turkish 415 (not an image type we take) or 422 (an image we cannot or will not
 * decode: corrupt, truncated, too many pixels or frames).
 */
export class MediaProcessor {
  private readonly semaphore = new Semaphore(MEDIA_PROCESSING_CONCURRENCY, {
    queueTimeoutMs: MEDIA_QUEUE_TIMEOUT_MS,
    timeoutError: () => new ServiceUnavailableException(SERVER_BUSY),
  });

  /** `allowed`: the admin setting `allowedFileTypes`; only its types among ACCEPTED are taken. */
  async process(bytes: Buffer, maxPixels: number, allowed: readonly string[]): Promise<ProcessedImage> {
    return this.run(bytes, maxPixels, allowed, async (options, header) => {
      if (header.animated) {
        if (header.pages > MEDIA_MAX_FRAMES) throw new UnprocessableEntityException(mediaTooManyFrames(MEDIA_MAX_FRAMES));
        return this.animation(bytes, options, header.width, header.pageHeight);
      }
      return this.still(bytes, options);
    });
  }

  /**
   * One WebP of exactly `width` × `height` (an avatar, a profile header): the picture turned
   * upright and cropped at its centre to that ratio, then scaled (up too: the box is fixed). The
   * same sniffing, limits and refusals as `process`; an animation gives its first frame.
   */
  async processCropped(bytes: Buffer, maxPixels: number, allowed: readonly string[], width: number, height: number): Promise<ProcessedVariant> {
    return this.run(bytes, maxPixels, allowed, (options) =>
      variant(
        sharp(bytes, { ...options, pages: 1, page: 0 })
          .rotate()
          .resize({ width, height, fit: 'cover', position: 'centre' })
          .webp({ quality: LARGE_QUALITY }),
      ),
    );
  }

  /** Sniffs the type, then reads the header under the semaphore and hands it to `work`; every failure becomes a Turkish 415/422. */
  private async run<T>(bytes: Buffer, maxPixels: number, allowed: readonly string[], work: (options: SharpOptions, header: Header) => Promise<T>): Promise<T> {
    const sniffed = await fileTypeFromBuffer(bytes);
    const formats = sniffed && allowed.includes(sniffed.mime) ? ACCEPTED[sniffed.mime] : undefined;
    if (!sniffed || !formats) throw new UnsupportedMediaTypeException(MEDIA_UNSUPPORTED);
    const heic = sniffed.mime === 'image/heic' || sniffed.mime === 'image/heif';
    return this.semaphore.run(async () => {
      try {
        // failOn 'warning': a truncated or damaged file is refused rather than stored half grey.
        const options = { limitInputPixels: maxPixels, failOn: 'warning' as const };
        return await work(options, await this.header(bytes, options, maxPixels, formats));
      } catch (error) {
        if (error instanceof UnprocessableEntityException || error instanceof UnsupportedMediaTypeException) throw error;
        if (error instanceof Error && /pixel limit/i.test(error.message)) throw new UnprocessableEntityException(MEDIA_TOO_MANY_PIXELS);
        // Anything libvips could not read: truncated, corrupt, or a body that is not what its magic says.
        if (heic) throw new UnsupportedMediaTypeException(MEDIA_UNSUPPORTED);
        throw new UnprocessableEntityException(MEDIA_UNREADABLE);
      }
    });
  }

  private async header(bytes: Buffer, options: SharpOptions, maxPixels: number, formats: string[]): Promise<Header> {
    const meta = await sharp(bytes, { ...options, animated: true }).metadata();
    if (!meta.format || !formats.includes(meta.format)) throw new UnsupportedMediaTypeException(MEDIA_UNSUPPORTED);
    const pages = meta.pages ?? 1;
    const width = meta.width ?? 0;
    const pageHeight = meta.pageHeight ?? (meta.height ?? 0) / pages;
    if (!width || !pageHeight) throw new UnprocessableEntityException(MEDIA_UNREADABLE);
    // Checked from the header before any pixel is decoded (all frames of an animation count).
    if (width * pageHeight * pages > maxPixels) throw new UnprocessableEntityException(MEDIA_TOO_MANY_PIXELS);
    return { width, pageHeight, pages, animated: pages > 1 && (meta.format === 'gif' || meta.format === 'webp') };
  }

  /** One decode of the original, at the large size; both WebPs and the placeholder come from it. */
  private async still(bytes: Buffer, options: SharpOptions): Promise<ProcessedImage> {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: MEDIA_LARGE_MAX, height: MEDIA_LARGE_MAX, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: 4 as const } };
    const large = await variant(sharp(data, raw).webp({ quality: LARGE_QUALITY }));
    const small = await variant(sharp(data, raw).resize({ width: MEDIA_SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: SMALL_QUALITY }));
    const placeholder = await thumbhashOf(sharp(data, raw));
    return { type: 'image', small, large, still: null, placeholder };
  }

  /** Kept animated (every frame, its delays and loop count), plus its first frame as a still. */
  private async animation(bytes: Buffer, options: SharpOptions, width: number, pageHeight: number): Promise<ProcessedImage> {
    const scale = Math.min(1, MEDIA_LARGE_MAX / Math.max(width, pageHeight));
    const largeWidth = Math.max(1, Math.round(width * scale));
    const smallWidth = Math.min(largeWidth, MEDIA_SMALL_WIDTH);
    const frames = () => sharp(bytes, { ...options, animated: true });
    const large = await variant(frames().resize({ width: largeWidth }).webp({ quality: LARGE_QUALITY }));
    const small = await variant(frames().resize({ width: smallWidth }).webp({ quality: SMALL_QUALITY }));
    const first = () => sharp(bytes, { ...options, pages: 1, page: 0 }).resize({ width: largeWidth });
    const still = await variant(first().webp({ quality: LARGE_QUALITY }));
    const placeholder = await thumbhashOf(first());
    return { type: 'animated', small, large, still, placeholder };
  }
}

async function variant(image: Sharp): Promise<ProcessedVariant> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

async function thumbhashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: PLACEHOLDER_MAX, height: PLACEHOLDER_MAX, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
